import { loadavg } from 'node:os';
import { median } from '../stats';
import { runDesk, type DeskFigures, type DeskSettings } from './desk-run';

/** One frame at 60 Hz: no change can reach the screen faster than the next frame. */
export const FRAME_MS = 16.7;

export interface DeskResult {
  items: number;
  runs: number;
  /** Medians over the runs. */
  figures: DeskFigures;
}

/** The desk bench at each size, `runs` times each; every numeric figure is the median over the runs. */
export async function runDeskBench(sizes: number[], runs: number, base: Omit<DeskSettings, 'items'>, log: (line: string) => void): Promise<DeskResult[]> {
  const results: DeskResult[] = [];
  for (const items of sizes) {
    const all: DeskFigures[] = [];
    for (let i = 0; i < runs; i++) {
      log(`bench: desk, ${items} items, run ${i + 1}/${runs}…`);
      all.push(await runDesk({ ...base, items }, log));
    }
    results.push({ items, runs, figures: medianOf(all) });
  }
  return results;
}

function medianOf(runs: DeskFigures[]): DeskFigures {
  const out: Record<string, unknown> = { ...runs[0]! };
  for (const [key, value] of Object.entries(runs[0]!)) {
    if (value !== null && typeof value !== 'number') continue;
    const values = runs.map((r) => r[key as keyof DeskFigures]).filter((v): v is number => typeof v === 'number');
    out[key] = values.length ? median(values) : null;
  }
  return out as unknown as DeskFigures;
}

export function printDeskTable(results: DeskResult[], settings: Omit<DeskSettings, 'items'>): void {
  const fmt = (v: number | null | undefined) => (v === null || v === undefined ? '—' : String(v));
  const header = ['items', 'on board', 'cold start s', 'probes', 'missed', `p50 ms (floor ${FRAME_MS})`, 'p99 ms', 'max ms', 'bg changes', 'host RSS MB', 'renderer heap MB', 'idle req/min', 'load start/end'];
  const rows = results.map(({ items, figures: f }) => [
    String(items),
    String(f.boardItems),
    fmt(Math.round(f.coldStartMs / 100) / 10),
    String(f.probes),
    String(f.missed),
    fmt(f.latencyP50Ms),
    fmt(f.latencyP99Ms),
    fmt(f.latencyMaxMs),
    `${f.backgroundSent}${f.backgroundFailed ? ` (${f.backgroundFailed} failed)` : ''}${f.backgroundSkipped ? ` (${f.backgroundSkipped} not sent)` : ''}`,
    fmt(f.hostRssMb),
    fmt(f.rendererHeapMb),
    fmt(f.idleRequestsPerMinute),
    `${f.loadStart}/${f.loadEnd}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(
    `\nGatehouse desk bench — control-API change → "Forced" in the page's DOM, ${settings.changesPerSecond} background changes/s, ` +
      `${settings.measureSeconds} s per run, idle rate over ${settings.idleSeconds} s, median of ${results[0]?.runs ?? 0}, ` +
      `demo server ${settings.demoVersion ?? '9.40'} (${settings.demoVersion && settings.demoVersion < '8.30' ? 'one long-poll per item' : 'multi-item subscriptions'})`,
  );
  console.log('Host RSS includes the embedded demo site (the simulator runs inside the browser host).');
  // Latency on a shared machine is mostly queueing: say how busy it was.
  console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}
