import { loadavg } from 'node:os';
import { median } from '../stats';
import { runDesk, type DeskFigures, type DeskSettings } from './desk-run';
import { ProbePace } from './probe-pace';

/** One frame at 60 Hz: no change can reach the screen faster than the next frame. */
export const FRAME_MS = 16.7;

export interface DeskResult {
  /** "board", or "plan" (a floor plan with its pins). */
  view: string;
  items: number;
  runs: number;
  /** Medians over the runs. */
  figures: DeskFigures;
}

/**
 * The desk bench at each size, `runs` times each; every numeric figure is the median over the runs.
 * With more than one view (the board and a floor plan), each run measures every view in turn on a
 * fresh host, so the views' figures come from the same machine load and can be set side by side.
 */
export async function runDeskBench(sizes: number[], runs: number, views: Omit<DeskSettings, 'items'>[], log: (line: string) => void): Promise<DeskResult[]> {
  const results: DeskResult[] = [];
  for (const items of sizes) {
    const all = views.map((): DeskFigures[] => []);
    for (let i = 0; i < runs; i++) {
      for (const [v, base] of views.entries()) {
        log(`bench: desk, ${base.viewName ?? 'board'}, ${items} items, run ${i + 1}/${runs}…`);
        all[v]!.push(await runDesk({ ...base, items }, log));
      }
    }
    for (const [v, base] of views.entries()) results.push({ view: base.viewName ?? 'board', items, runs, figures: medianOf(all[v]!) });
  }
  return results;
}

/** The plan's figure over the board's at each size (above 1: the plan is slower), when both ran. */
export function planOverBoard(results: DeskResult[]): { items: number; p50: number | null; p99: number | null }[] {
  const ratio = (a: number | null, b: number | null) => (a === null || b === null || b === 0 ? null : Math.round((a / b) * 100) / 100);
  return results
    .filter((r) => r.view === 'plan')
    .flatMap((plan) => {
      const board = results.find((r) => r.view === 'board' && r.items === plan.items);
      return board ? [{ items: plan.items, p50: ratio(plan.figures.latencyP50Ms, board.figures.latencyP50Ms), p99: ratio(plan.figures.latencyP99Ms, board.figures.latencyP99Ms) }] : [];
    });
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
  const seconds = (ms: number | null) => fmt(ms === null ? null : Math.round(ms / 100) / 10);
  const header = ['view', 'items', 'on board', 'cold: last-known s', 'cold: live s', 'cold: server only s', 'probes', 'missed', `p50 ms (floor ${FRAME_MS})`, 'p99 ms', 'max ms', 'bg changes', 'host RSS MB', 'simulator RSS MB', 'renderer heap MB', 'page main thread %', 'idle req/min', 'CPU % desk/sim/Chromium/bench/other', 'load start/end'];
  const rows = results.map(({ view, items, figures: f }) => [
    view,
    String(items),
    String(f.boardItems),
    seconds(f.coldStartLastKnownMs),
    `${seconds(f.coldStartLiveMs)}${f.withoutStatus ? ` (${f.withoutStatus} no status)` : ''}`,
    seconds(f.coldStartServerMs),
    String(f.probes),
    String(f.missed),
    fmt(f.latencyP50Ms),
    fmt(f.latencyP99Ms),
    fmt(f.latencyMaxMs),
    `${f.backgroundSent}${f.backgroundFailed ? ` (${f.backgroundFailed} failed)` : ''}${f.backgroundSkipped ? ` (${f.backgroundSkipped} not sent)` : ''}`,
    fmt(f.hostRssMb),
    fmt(f.simulatorRssMb),
    fmt(f.rendererHeapMb),
    fmt(f.pageMainThreadPct),
    fmt(f.idleRequestsPerMinute),
    [f.cpuHostPct, f.cpuSimulatorPct, f.cpuChromiumPct, f.cpuBenchPct, f.cpuOtherPct].map(fmt).join('/'),
    `${f.loadStart}/${f.loadEnd}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(
    `\nGatehouse desk bench — control-API change → "Forced" in the page's DOM, ${settings.changesPerSecond} background changes/s, ` +
      `${settings.measureSeconds} s per run, idle rate over ${settings.idleSeconds} s, median of ${results[0]?.runs ?? 0}, ` +
      `simulator as server ${settings.demoVersion ?? '9.40'} (${settings.demoVersion && settings.demoVersion < '8.30' ? 'one long-poll per item' : 'multi-item subscriptions'})`,
  );
  console.log(
    'The simulator runs in its own process; host RSS is the desk alone. Cold start, from the host\'s spawn: last-known = its local store\'s ' +
      'board on screen; live = every item with a status and none stale, same launch; server only = every item live with the local store removed.',
  );
  const probesRead = settings.unwatched ? 'probes read with no Playwright on the page (BENCH_DESK_UNWATCHED=1)' : 'Playwright on the page throughout';
  console.log(`host: ${results[0]?.figures.hostEntry ?? '—'}; vault: ${results[0]?.figures.vaultMode ?? '—'}; ${probesRead}; ${new ProbePace(settings.probeEveryMs).describe()}`);
  // Latency on a shared machine is mostly queueing: say how busy it was.
  console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  for (const q of planOverBoard(results)) console.log(`plan / board at ${q.items} items: p50 ×${fmt(q.p50)}, p99 ×${fmt(q.p99)}`);
}
