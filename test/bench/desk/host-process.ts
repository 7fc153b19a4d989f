import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The browser host in its own process, on whatever site its settings folder names. */
export interface HostProcess {
  /** The desk's address with this launch's token. */
  url: string;
  pid: number;
  /** What was started: the host as `npm run build` bundles it (what `npm start` runs), or its source under tsx. */
  entry: HostEntry;
  /** When the process was spawned (Date.now), for cold-start figures. */
  spawnedAt: number;
  /**
   * When it printed its address (Date.now): it serves the page. Its desk starts after that, and the
   * page's socket waits for it. (Checkouts from before 2026-11-26 printed once the desk had started.)
   */
  printedAt: number;
  /** SIGTERM, as a service manager stops it: the desk closes its local store on the way out. */
  stop(): Promise<void>;
}

/** This checkout's folder. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The host bundled by `npm run build` (vite.web-host.config.ts). */
const BUILT_CLI = join(ROOT, 'out/web/host/cli.mjs');

export type HostEntry = 'built' | 'source under tsx';

/**
 * The built host when there is one, as `npm start` runs it: compiling TypeScript at every start would
 * add seconds to each cold start that no desk pays. BENCH_HOST_FROM_SOURCE=1 runs the source instead.
 */
export function hostEntry(): HostEntry {
  return process.env.BENCH_HOST_FROM_SOURCE !== '1' && existsSync(BUILT_CLI) ? 'built' : 'source under tsx';
}

/**
 * Starts the browser host's CLI as `npm start` would serve it (see hostEntry), on the
 * settings folder `dataDir` (kept when the host stops, so the next launch is a restart of the same
 * desk). No demo items: until Settings names a server the host runs its small embedded demo site
 * (scenario off); once configured, only the desk runs in it, and its RSS is the desk's alone.
 * `extraArgs` go to the CLI as they are (`--demo-items N` for a generated demo site inside the host).
 * `checkout` runs another checkout's built host instead (test/bench/cold.ts compares cold starts).
 */
export async function startHostProcess(dataDir: string, extraArgs: string[] = [], checkout = ROOT): Promise<HostProcess> {
  // Another checkout's host (the cold-start comparison) is always its build: its source would need its own tsx.
  const entry = checkout === ROOT ? hostEntry() : 'built';
  const program = entry === 'built' ? [join(checkout, 'out/web/host/cli.mjs')] : ['--import', 'tsx', 'electron/shells/web-host/cli.ts'];
  // BENCH_HOST_NODE_ARGS: Node's or V8's own flags for the host alone (`--cpu-prof --cpu-prof-dir=<dir>` to see where its start goes, a heap setting tried against the default).
  const nodeArgs = (process.env.BENCH_HOST_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const spawnedAt = Date.now();
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, ...program, '--json', '--scenario', 'off', '--data-dir', dataDir, '--log-dir', join(dataDir, 'logs'), ...extraArgs],
    { cwd: checkout, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! });
  // The address is the first JSON line; anything else the host prints (a V8 flag's trace, such as
  // --trace-gc) goes on to this process's stderr, and is read to the end so the pipe never fills.
  const first = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => (line.startsWith('{') ? resolve(line) : process.stderr.write(`${line}\n`)));
    child.once('exit', (code) => reject(new Error(`the browser host exited (${code}) before printing its address`)));
  });
  const printedAt = Date.now();
  const info = JSON.parse(first) as { url: string };
  return {
    url: info.url,
    pid: child.pid!,
    entry,
    spawnedAt,
    printedAt,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMbOf(pid: number | undefined): number | null {
  return procStatusMb(pid, 'VmRSS');
}

/**
 * The most a process has held resident since it started, MB (/proc's VmHWM, Linux): the kernel's own
 * high-water mark, so no peak falls between two samples.
 */
export function rssPeakMbOf(pid: number | undefined): number | null {
  return procStatusMb(pid, 'VmHWM');
}

/** One kB figure of /proc/<pid>/status in MB (one decimal); null once the process is gone. */
function procStatusMb(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number | null {
  if (pid === undefined) return null;
  try {
    const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round((Number(kb) / 1024) * 10) / 10 : null;
  } catch {
    return null;
  }
}

/** REST requests the simulator has received so far, from its control API. */
export async function restRequests(controlUrl: string): Promise<number> {
  const res = await fetch(`${controlUrl}/requests`);
  return ((await res.json()) as { restRequests: number }).restRequests;
}

/** Requests the simulator holds open now, by kind: at rest, one per long-poll chain the desk keeps. */
export interface HeldPolls {
  subscriptions: number;
  items: number;
  alarms: number;
  events: number;
}

export async function heldPolls(controlUrl: string): Promise<HeldPolls> {
  const res = await fetch(`${controlUrl}/requests`);
  return ((await res.json()) as { held: HeldPolls }).held;
}

/**
 * The server's waits before it answers an idle poll (cc_rest.yaml): a subscription's GET about 50 s
 * (ItemUpdate), an item's own `next` a minute or so (the item status topic), alarm updates about
 * 30 s (/api/alarms/updates); event updates as alarms (the simulator's site hold).
 */
const WAIT_S = { subscriptions: 50, items: 60, alarms: 30, events: 30 } as const;

/** Long-poll requests a minute the held chains cost while nothing changes: counted, not timed. */
export function longPollsPerMinute(held: HeldPolls): number {
  const perMinute = (Object.keys(WAIT_S) as (keyof HeldPolls)[]).reduce((sum, kind) => sum + (held[kind] * 60) / WAIT_S[kind], 0);
  return Math.round(perMinute);
}

/**
 * The last start's milestones from the host's log in `dataDir` (electron/core/log/start-trace.ts):
 * `stage ms (rss MB)`, ms since the host's process started and its RSS then, in the order reached.
 */
export function startMarks(dataDir: string): string {
  let text: string;
  try {
    text = readFileSync(join(dataDir, 'logs', 'gatehouse.log'), 'utf8');
  } catch {
    return '';
  }
  const records = text.split('\n').flatMap((line) => {
    try {
      return [JSON.parse(line) as { event?: string; stage?: string; ms?: number; rssMb?: number }];
    } catch {
      return [];
    }
  });
  const start = records.map((r) => r.event).lastIndexOf('host.starting');
  return records
    .slice(start + 1)
    .filter((r) => r.event === 'start.mark')
    .map((r) => `${r.stage} ${r.ms}${r.rssMb === undefined ? '' : ` (${r.rssMb} MB)`}`)
    .join(', ');
}
