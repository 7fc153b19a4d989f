import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The browser host in its own process, serving a generated demo site of `items` items. */
export interface HostProcess {
  /** The desk's address with this launch's token. */
  url: string;
  /** The demo site's control API (changes and request counts). */
  controlUrl: string;
  pid: number;
  /** When the process was spawned (Date.now), for cold-start figures. */
  spawnedAt: number;
  stop(): Promise<void>;
}

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Starts `electron/shells/web-host/cli.ts --demo-items N` as `npm start` would serve the browser
 * host, with the demo site's control API on and its scenario off (the bench makes every change), in
 * a settings folder of its own. The demo site runs inside the host process: its RSS includes it.
 * `demoVersion` pins the demo server's version (before 8.30 the desk watches each item on its own).
 */
export async function startHostProcess(items: number, demoVersion?: string): Promise<HostProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));
  const spawnedAt = Date.now();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'electron/shells/web-host/cli.ts', '--json', '--control', '--scenario', 'off', '--data-dir', dataDir, '--demo-items', String(items), ...(demoVersion ? ['--demo-version', demoVersion] : [])],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the browser host exited (${code}) before printing its address`)));
  });
  lines.close();
  const info = JSON.parse(first) as { url: string; controlUrl?: string };
  if (!info.controlUrl) throw new Error('the browser host printed no control URL: was the demo site started?');
  return {
    url: info.url,
    controlUrl: info.controlUrl,
    pid: child.pid!,
    spawnedAt,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMbOf(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round((Number(kb) / 1024) * 10) / 10 : null;
  } catch {
    return null;
  }
}

/** REST requests the demo site has received so far. */
export async function restRequests(controlUrl: string): Promise<number> {
  const res = await fetch(`${controlUrl}/requests`);
  return ((await res.json()) as { restRequests: number }).restRequests;
}
