import { loadavg } from 'node:os';
import type { AlarmBenchSettings, AlarmFigures } from './alarms/alarm-run';
import type { AlarmResult } from './alarms/alarm-bench';
import type { DeskResult } from './desk/desk-bench';

/**
 * `npm run bench` (BENCH_MODE=all): the figures of issue 43 in one table, one row per size and
 * checkout, each a median of the runs: cold start (last-known, live, server only), alarm start-up,
 * the host's peak RSS, change → page on and off screen, a filter or sort in the overview and the list,
 * and the idle request rate. The desk part gives all but the alarm start-up, which comes from the
 * alarm bench's start-up part alone (test/bench/alarms/, its probes and flood left out).
 */

/** The alarm bench reduced to its start-up part (c): no queue before, no probes, no flood. */
export function alarmStartUpOnly(startupAlarms: number): Omit<AlarmBenchSettings, 'items'> {
  return { measureSeconds: 0, changesPerSecond: 0, probeEveryMs: 100, settleSeconds: 0, queued: 0, floodAlarms: 0, floodSeconds: 0, startupAlarms };
}

export interface SummaryRow {
  items: number;
  checkout: string;
  coldLastKnownS: number | null;
  coldLiveS: number | null;
  coldServerOnlyS: number | null;
  /** Page load → the queue counts every unprocessed alarm, local store removed (this checkout only). */
  alarmStartUpS: number | null;
  alarmsAtStartUp: number | null;
  hostRssPeakMb: number | null;
  onScreenP50Ms: number | null;
  onScreenP99Ms: number | null;
  offScreenP50Ms: number | null;
  offScreenP99Ms: number | null;
  viewAnswerP99Ms: number | null;
  idleRequestsPerMinute: number | null;
  missed: number;
}

const seconds = (ms: number | null) => (ms === null ? null : Math.round(ms / 100) / 10);

export function summaryRows(desk: DeskResult[], alarms: AlarmResult[]): SummaryRow[] {
  return desk
    .filter((r) => r.view === 'board')
    .map(({ items, checkout, figures: f }) => {
      const alarm: AlarmFigures | undefined = checkout === 'this checkout' ? alarms.find((a) => a.items === items)?.figures : undefined;
      return {
        items,
        checkout,
        coldLastKnownS: seconds(f.coldStartLastKnownMs),
        coldLiveS: seconds(f.coldStartLiveMs),
        coldServerOnlyS: seconds(f.coldStartServerMs),
        alarmStartUpS: seconds(alarm?.startupShownMs ?? null),
        alarmsAtStartUp: alarm?.startupAlarms ?? null,
        hostRssPeakMb: f.hostRssPeakMb,
        onScreenP50Ms: f.latencyP50Ms,
        onScreenP99Ms: f.latencyP99Ms,
        offScreenP50Ms: f.offScreenP50Ms,
        offScreenP99Ms: f.offScreenP99Ms,
        viewAnswerP99Ms: f.viewAnswerP99Ms,
        idleRequestsPerMinute: f.idleRequestsPerMinute,
        missed: f.missed + f.offScreenMissed,
      };
    });
}

export function printSummary(rows: SummaryRow[], runs: number): void {
  const fmt = (v: number | null) => (v === null ? '—' : String(v));
  const ms = (v: number | null) => (v === null ? '—' : String(Math.round(v)));
  const header = [
    'items', 'checkout', 'cold last-known s (≤1.5)', 'cold live s (≤2.5)', 'server only s (≤2.5)', 'alarm start-up s (alarms)',
    'host RSS peak MB', 'on screen p50/p99 ms', 'off screen p50/p99 ms', 'filter/sort p99 ms (≤100)', 'idle req/min', 'missed',
  ];
  const table = rows.map((r) => [
    String(r.items),
    r.checkout,
    fmt(r.coldLastKnownS),
    fmt(r.coldLiveS),
    fmt(r.coldServerOnlyS),
    r.alarmStartUpS === null ? '—' : `${r.alarmStartUpS} (${fmt(r.alarmsAtStartUp)})`,
    fmt(r.hostRssPeakMb),
    `${ms(r.onScreenP50Ms)}/${ms(r.onScreenP99Ms)}`,
    `${ms(r.offScreenP50Ms)}/${ms(r.offScreenP99Ms)}`,
    ms(r.viewAnswerP99Ms),
    fmt(r.idleRequestsPerMinute),
    String(r.missed),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(`\nGatehouse at site scale — medians of ${runs} run${runs === 1 ? '' : 's'}; goals (issue 43): RSS peak ≤ 250 MB at 10,000 and ≤ 400 MB at 50,000, p99 ≤ 50 ms on and off screen, idle ≤ 300/min at 10,000 and ≤ 2,000 at 50,000`);
  console.log(`alarm start-up: page load → the queue counts every unprocessed alarm, local store removed (this checkout's host only); load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of table) console.log(line(r));
}
