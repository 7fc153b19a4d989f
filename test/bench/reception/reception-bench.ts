import { loadavg } from 'node:os';
import { median } from '../stats';
import { runReception, type ReceptionFigures, type ReceptionSettings } from './reception-run';

export type { ReceptionSettings } from './reception-run';

/** Each figure the median over the runs; the site's sizes as the first run counted them. */
export interface ReceptionResult {
  runs: number;
  figures: ReceptionFigures;
}

export const receptionSettingsFromEnv = (): ReceptionSettings => ({
  cardholders: Number(process.env.BENCH_CARDHOLDERS ?? 10_000),
  visits: Number(process.env.BENCH_VISITS ?? 500),
  rounds: Number(process.env.BENCH_ROUNDS ?? 20),
});

/**
 * The reception part of `npm run bench` (BENCH_MODE=reception, and in `all`): `repeats` runs, each on
 * a fresh simulator of the grown demo site, and the median of each figure over them.
 */
export async function runReceptionBench(settings: ReceptionSettings, repeats: number, log: (line: string) => void): Promise<ReceptionResult> {
  const runs: ReceptionFigures[] = [];
  for (let i = 0; i < repeats; i++) {
    log(`bench: reception at ${settings.cardholders} cardholders, ${settings.visits} visits, run ${i + 1}/${repeats}…`);
    runs.push(await runReception(settings));
  }
  const mid = (pick: (f: ReceptionFigures) => number) => Math.round(median(runs.map(pick))! * 10) / 10;
  const pair = (pick: (f: ReceptionFigures) => { p50: number; p99: number }) => ({ p50: mid((f) => pick(f).p50), p99: mid((f) => pick(f).p99) });
  const first = runs[0]!;
  return {
    runs: runs.length,
    figures: {
      cardholders: first.cardholders,
      visitsToday: first.visitsToday,
      onSite: first.onSite,
      visitorsInside: first.visitorsInside,
      todayMs: pair((f) => f.todayMs),
      screenSearchMs: pair((f) => f.screenSearchMs),
      rollCallMs: pair((f) => f.rollCallMs),
      cardCheckWorstMs: pair((f) => f.cardCheckWorstMs),
      cardCheckAgainMs: pair((f) => f.cardCheckAgainMs),
    },
  };
}

export function printReceptionTable(result: ReceptionResult, settings: ReceptionSettings): void {
  const f = result.figures;
  const rows: [string, { p50: number; p99: number }, string][] = [
    [`today's visits (all ${f.visitsToday} of the day read)`, f.todayMs, ''],
    ['screen search as typed', f.screenSearchMs, 'p99 ≤ 100'],
    [`roll call (${f.onSite} inside, ${f.visitorsInside} of them visitors)`, f.rollCallMs, ''],
    ['card check, worst case (every cardholder read)', f.cardCheckWorstMs, ''],
    ['the same card again (its holder alone)', f.cardCheckAgainMs, ''],
  ];
  const header = ['reception', 'p50 ms', 'p99 ms', 'goal ms'];
  const cells = rows.map(([what, ms, goal]) => [what, String(ms.p50), String(ms.p99), goal]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i]!.length)));
  const line = (c: string[]) => c.map((x, i) => x.padEnd(widths[i]!)).join('  ');
  console.log(`\nGatehouse reception bench — ${f.cardholders} cardholders, ${settings.visits} more visits today at one reception, ${settings.rounds} rounds per run, median of ${result.runs}`);
  console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of cells) console.log(line(r));
}
