import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/**
 * Who used the machine's CPU while the bench measured: the desk (browser host), the simulator,
 * Chromium (every process it started), the bench itself, and everything else on this shared machine.
 * Latency on 2 shared cores is mostly waiting for a core; this says whose work the desk waited behind.
 * Linux only (/proc); elsewhere every share is null.
 */

/** Clock ticks per second of /proc's utime and stime: 100 on every Linux this bench runs on. */
const TICKS_PER_SECOND = 100;

/** Per-process CPU seconds and the machine's busy seconds at one moment. */
export interface CpuReading {
  at: number;
  /** CPU seconds (user + system) of each process now alive, by pid, and each one's parent. */
  processes: Map<number, { parent: number; seconds: number }>;
  /** Seconds all cores together have been busy since boot. */
  machineBusy: number;
}

/** Percent of one core each party used between two readings; `cores` is how many the machine has. */
export interface CpuShare {
  hostPct: number;
  simulatorPct: number;
  chromiumPct: number;
  benchPct: number;
  /** Everything else running on the machine (other users of the shared cores). */
  otherPct: number;
  /** All of it: at `cores` × 100 % the machine was saturated. */
  machinePct: number;
  cores: number;
}

export function readCpu(): CpuReading | undefined {
  try {
    const processes = new Map<number, { parent: number; seconds: number }>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = statOf(Number(entry));
      if (stat) processes.set(Number(entry), stat);
    }
    // cpu  user nice system idle iowait irq softirq steal …: busy is all but idle and iowait.
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const busyTicks = fields.reduce((sum, v, i) => (i === 3 || i === 4 ? sum : sum + v), 0);
    return { at: Date.now(), processes, machineBusy: busyTicks / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}

/**
 * What each party used from `before` to `after`. The host and the simulator are their pids and their
 * children; Chromium is every other process this bench started. A process that exited in between is
 * counted under "other" (only a reading's live processes are known).
 */
export function cpuShare(before: CpuReading | undefined, after: CpuReading | undefined, pids: { host: number; simulator: number; bench: number }): CpuShare | null {
  if (!before || !after || after.at <= before.at) return null;
  const wall = (after.at - before.at) / 1000;
  const used = (pid: number) => Math.max(0, (after.processes.get(pid)?.seconds ?? 0) - (before.processes.get(pid)?.seconds ?? 0));
  const tree = (root: number) => subtree(after.processes, root);
  const host = tree(pids.host);
  const simulator = tree(pids.simulator);
  const chromium = [...tree(pids.bench)].filter((pid) => pid !== pids.bench && !host.has(pid) && !simulator.has(pid));
  const sum = (list: Iterable<number>) => [...list].reduce((s, pid) => s + used(pid), 0);
  const pct = (seconds: number) => Math.round((seconds / wall) * 1000) / 10;
  const parts = { host: sum(host), simulator: sum(simulator), chromium: sum(chromium), bench: used(pids.bench) };
  const machine = after.machineBusy - before.machineBusy;
  const ours = parts.host + parts.simulator + parts.chromium + parts.bench;
  return {
    hostPct: pct(parts.host),
    simulatorPct: pct(parts.simulator),
    chromiumPct: pct(parts.chromium),
    benchPct: pct(parts.bench),
    otherPct: pct(Math.max(0, machine - ours)),
    machinePct: pct(machine),
    cores: cpus().length,
  };
}

function statOf(pid: number): { parent: number; seconds: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: the fields start after its last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // After the name: state(0) ppid(1) … utime(11) stime(12).
    return { parent: Number(fields[1]), seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND };
  } catch {
    return undefined; // it exited while /proc was read
  }
}

function subtree(processes: Map<number, { parent: number }>, root: number): Set<number> {
  const found = new Set<number>([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, { parent }] of processes) {
      if (!found.has(pid) && found.has(parent)) {
        found.add(pid);
        grew = true;
      }
    }
  }
  return found;
}
