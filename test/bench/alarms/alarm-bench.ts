import { loadavg } from 'node:os';
import { median } from '../stats';
import { runAlarms, type AlarmBenchSettings, type AlarmFigures } from './alarm-run';
import type { StartUpFigures } from './startup-part';

export interface AlarmResult {
  items: number;
  runs: number;
  /** Medians over the runs (counts of lost and duplicated alarms: the largest of any run). */
  figures: AlarmFigures;
}

/** Figures where any run's value matters, not the median: something lost in one run is lost. */
const WORST_OF_RUNS: (keyof AlarmFigures)[] = ['missed', 'floodLost', 'duplicates', 'detailNotShown'];

/** The alarm bench at each size, `runs` times each. */
export async function runAlarmBench(sizes: number[], runs: number, settings: Omit<AlarmBenchSettings, 'items'>, log: (line: string) => void): Promise<AlarmResult[]> {
  const results: AlarmResult[] = [];
  for (const items of sizes) {
    const all: AlarmFigures[] = [];
    for (let i = 0; i < runs; i++) {
      log(`bench: alarms, ${items} items, run ${i + 1}/${runs}…`);
      all.push(await runAlarms({ ...settings, items }, log));
    }
    results.push({ items, runs, figures: combine(all) });
  }
  return results;
}

function combine(runs: AlarmFigures[]): AlarmFigures {
  const out: Record<string, unknown> = { ...runs[0]!, startupByCheckout: combineStartUps(runs) };
  for (const key of Object.keys(runs[0]!) as (keyof AlarmFigures)[]) {
    if (key === 'startupByCheckout') continue;
    const values = runs.map((r) => r[key]).filter((v): v is number => typeof v === 'number');
    out[key] = values.length === 0 ? null : WORST_OF_RUNS.includes(key) ? Math.max(...values) : median(values);
  }
  return out as unknown as AlarmFigures;
}

/** Each checkout's start-up figures, the median over the runs. */
function combineStartUps(runs: AlarmFigures[]): StartUpFigures[] {
  const of = (values: (number | null)[]) => {
    const known = values.filter((v): v is number => v !== null);
    return median(known) ?? null;
  };
  return runs[0]!.startupByCheckout.map(({ checkout }, i) => {
    const each = runs.map((r) => r.startupByCheckout[i]!);
    return { checkout, counted: Math.min(...each.map((f) => f.counted)), resumeShownMs: of(each.map((f) => f.resumeShownMs)), shownMs: of(each.map((f) => f.shownMs)), fromSpawnMs: of(each.map((f) => f.fromSpawnMs)) };
  });
}

/** Part (c) side by side, when other checkouts' hosts ran it too (BENCH_DESK_AGAINST). */
function printStartUps(results: AlarmResult[]): void {
  if (!results.some((r) => r.figures.startupByCheckout.length > 1)) return;
  const fmt = (v: number | null) => (v === null ? '—' : String(Math.round(v)));
  console.log('\nAlarm start-up side by side (page load → all counted, ms; median of the runs)');
  for (const { items, figures } of results) {
    for (const f of figures.startupByCheckout) console.log(`${items} items  ${f.checkout.padEnd(24)}  restart with its store ${fmt(f.resumeShownMs).padStart(6)}  local store removed ${fmt(f.shownMs).padStart(6)}  (${f.counted} counted)`);
  }
}

export function printAlarmTable(results: AlarmResult[], settings: Omit<AlarmBenchSettings, 'items'>): void {
  const fmt = (v: number | null) => (v === null ? '—' : String(Math.round(v)));
  const header = ['items', 'raise → row p50/p99/max ms (probes, missed)', 'bg changes', `flood ${settings.floodAlarms} in ${settings.floodSeconds} s: counted`, 'all shown after last ms', 'detail open med/max ms (tries)', 'lost', 'twice', `start-up: alarms counted`, 'page load → all shown ms (goal 3,000)', 'from spawn ms', 'restart with its store ms', 'load start/end'];
  const rows = results.map(({ items, figures: f }) => [
    String(items),
    `${fmt(f.p50Ms)}/${fmt(f.p99Ms)}/${fmt(f.maxMs)} (${f.probes}, ${f.missed})`,
    `${f.backgroundSent}${f.backgroundFailed ? ` (${f.backgroundFailed} failed)` : ''}`,
    `${f.floodCounted} of ${f.floodRaised}`,
    fmt(f.floodAllShownMs),
    `${fmt(f.detailOpenMs)}/${fmt(f.detailOpenMaxMs)} (${f.detailTries}${f.detailNotShown ? `, ${f.detailNotShown} not in 10 s` : ''})`,
    String(f.floodLost),
    String(f.duplicates),
    `${f.startupCounted} of ${f.startupAlarms}`,
    fmt(f.startupShownMs),
    fmt(f.startupFromSpawnMs),
    fmt(f.resumeShownMs),
    `${f.loadStart}/${f.loadEnd}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(
    `\nGatehouse alarm bench — control-API alarm → its row in the queue's DOM, ${settings.changesPerSecond} background status changes/s, ` +
      `${settings.measureSeconds} s of probes per run (${settings.queued} alarms already queued), median of ${results[0]?.runs ?? 0} (lost and twice: the most of any run)`,
  );
  console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  printStartUps(results);
}
