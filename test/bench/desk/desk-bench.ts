import { loadavg } from 'node:os';
import { median } from '../stats';
import { runDesk, type DeskFigures, type DeskSettings } from './desk-run';
import { ProbePace } from './probe-pace';

/** One frame at 60 Hz: no change can reach the screen faster than the next frame. */
export const FRAME_MS = 16.7;

export interface DeskResult {
  /** "board", or "plan" (a floor plan with its pins). */
  view: string;
  /** Whose host ran: "this checkout", or another checkout's folder (BENCH_DESK_AGAINST). */
  checkout: string;
  items: number;
  runs: number;
  /** Medians over the runs. */
  figures: DeskFigures;
}

/**
 * The desk bench at each size, `runs` times each; every numeric figure is the median over the runs.
 * With more than one view (the board and a floor plan, or this checkout's board and another's), each
 * run measures every view in turn on a fresh host, in the opposite order every other run, so the
 * views' figures come from the same machine load and can be set side by side.
 */
export async function runDeskBench(sizes: number[], runs: number, views: Omit<DeskSettings, 'items'>[], log: (line: string) => void): Promise<DeskResult[]> {
  const results: DeskResult[] = [];
  for (const items of sizes) {
    const all = views.map((): DeskFigures[] => []);
    for (let i = 0; i < runs; i++) {
      const order = [...views.keys()];
      if (i % 2 === 1) order.reverse();
      for (const v of order) {
        const base = views[v]!;
        log(`bench: desk, ${base.viewName ?? 'board'}${base.checkout ? ` of ${base.checkout}` : ''}, ${items} items, run ${i + 1}/${runs}…`);
        all[v]!.push(await runDesk({ ...base, items }, log));
      }
    }
    for (const [v, base] of views.entries()) results.push({ view: base.viewName ?? 'board', checkout: base.checkout ?? 'this checkout', items, runs, figures: medianOf(all[v]!) });
  }
  return results;
}

/** The plan's figure over the board's of the same checkout at each size (above 1: the plan is slower), when both ran. */
export function planOverBoard(results: DeskResult[]): { checkout: string; items: number; p50: number | null; p99: number | null }[] {
  return results
    .filter((r) => r.view === 'plan')
    .flatMap((plan) => {
      const board = results.find((r) => r.view === 'board' && r.items === plan.items && r.checkout === plan.checkout);
      return board ? [{ checkout: plan.checkout, items: plan.items, p50: ratio(plan.figures.latencyP50Ms, board.figures.latencyP50Ms), p99: ratio(plan.figures.latencyP99Ms, board.figures.latencyP99Ms) }] : [];
    });
}

const ratio = (a: number | null, b: number | null) => (a === null || b === null || b === 0 ? null : Math.round((a / b) * 100) / 100);

/** One row per path a change reaches the page by, as the summary table and docs/performance.md give them. */
export interface PathRow {
  checkout: string;
  path: 'on screen (tile)' | 'off screen (strip)' | 'plan (pin)';
  items: number;
  p50Ms: number | null;
  p99Ms: number | null;
  probes: number;
  missed: number;
}

export function pathRows(results: DeskResult[]): PathRow[] {
  return results.flatMap(({ view, checkout, items, figures: f }): PathRow[] => {
    const onScreen = { checkout, items, p50Ms: f.latencyP50Ms, p99Ms: f.latencyP99Ms, probes: f.probes, missed: f.missed };
    if (view === 'plan') return [{ ...onScreen, path: 'plan (pin)' }];
    const rows: PathRow[] = [{ ...onScreen, path: 'on screen (tile)' }];
    if (f.offScreenProbes > 0) rows.push({ checkout, items, path: 'off screen (strip)', p50Ms: f.offScreenP50Ms, p99Ms: f.offScreenP99Ms, probes: f.offScreenProbes, missed: f.offScreenMissed });
    return rows;
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
  const header = ['view', 'checkout', 'items', 'on board', 'cold: last-known s', 'cold: live s', 'cold: server only s', 'probes', 'missed', `p50 ms (floor ${FRAME_MS})`, 'p99 ms', 'max ms', 'off-screen probes', 'missed', 'p50 ms', 'p99 ms', 'max ms', 'bg changes', 'host RSS MB end/peak', 'filter/sort p50/p99 ms (answers)', 'simulator RSS MB', 'renderer heap MB', 'page main thread %', 'idle req/min', 'held polls sub/item/alarm+event', 'long-polls/min', 'CPU % desk/sim/Chromium/bench/other', 'load start/end'];
  const rows = results.map(({ view, checkout, items, figures: f }) => [
    view,
    checkout,
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
    String(f.offScreenProbes),
    String(f.offScreenMissed),
    fmt(f.offScreenP50Ms),
    fmt(f.offScreenP99Ms),
    fmt(f.offScreenMaxMs),
    `${f.backgroundSent}${f.backgroundFailed ? ` (${f.backgroundFailed} failed)` : ''}${f.backgroundSkipped ? ` (${f.backgroundSkipped} not sent)` : ''}`,
    `${fmt(f.hostRssMb)}/${fmt(f.hostRssPeakMb)}`,
    f.viewAnswers ? `${fmt(f.viewAnswerP50Ms)}/${fmt(f.viewAnswerP99Ms)} (${f.viewAnswers})` : '—',
    fmt(f.simulatorRssMb),
    fmt(f.rendererHeapMb),
    fmt(f.pageMainThreadPct),
    fmt(f.idleRequestsPerMinute),
    [f.heldSubscriptionPolls, f.heldItemPolls, f.heldAlarmEventPolls].map(fmt).join('/'),
    fmt(f.idleLongPollsPerMinute),
    [f.cpuHostPct, f.cpuSimulatorPct, f.cpuChromiumPct, f.cpuBenchPct, f.cpuOtherPct].map(fmt).join('/'),
    `${f.loadStart}/${f.loadEnd}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(
    `\nGatehouse desk bench — control-API change → "Forced" in the page's DOM (on screen: the door's tile or pin; off screen: its attention-strip entry), ${settings.changesPerSecond} background changes/s, ` +
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
  for (const q of planOverBoard(results)) console.log(`plan / board${q.checkout === 'this checkout' ? '' : ` of ${q.checkout}`} at ${q.items} items: p50 ×${fmt(q.p50)}, p99 ×${fmt(q.p99)}`);
  printPathTable(pathRows(results));
}

/** p50/p99 by path and size, one row per checkout and path: the table docs/performance.md keeps. */
function printPathTable(rows: PathRow[]): void {
  const sizes = [...new Set(rows.map((r) => r.items))];
  const keys = [...new Set(rows.map((r) => `${r.checkout}\u0000${r.path}`))];
  const fmt = (v: number | null) => (v === null ? '—' : String(Math.round(v)));
  const header = ['checkout', 'path', ...sizes.map((n) => `${n} items p50/p99 ms (probes, missed)`)];
  const table = keys.map((key) => {
    const [checkout, path] = key.split('\u0000') as [string, string];
    return [
      checkout,
      path,
      ...sizes.map((n) => {
        const r = rows.find((row) => row.checkout === checkout && row.path === path && row.items === n);
        return r ? `${fmt(r.p50Ms)}/${fmt(r.p99Ms)} (${r.probes}, ${r.missed})` : '—';
      }),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(`\nBy path (medians of the runs' p50 and p99; goal p99 ≤ 50 ms at 10,000 items):\n`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of table) console.log(line(r));
}
