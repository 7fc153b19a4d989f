import { readFileSync } from 'node:fs';
import { ContractEvents } from '../../electron/core/events';
import { checkCard } from '../../electron/core/reception/card-check';
import { CardIndex } from '../../electron/core/reception/card-index';
import { ReceptionService } from '../../electron/core/reception/reception-service';
import { SiteSession } from '../../electron/core/site-session';
import { startSimulator } from '../../electron/simulator/index';
import type { SiteDefinition } from '../../electron/simulator/site/schema';
import { matchesSearch } from '../../renderer/src/reception/lib/visitor-steps';
import { deskConfigFor, eventually } from '../integration/support/site';
import { quantile } from './stats';

/**
 * `npm run bench:reception`: the reception desk at scale, on the demo site grown to BENCH_CARDHOLDERS
 * cardholders (default 10,000) with BENCH_VISITS more visits today at its North Lobby (default 500).
 * Measures the day's visits as the core reads them (all visits, page by page, kept for the reception),
 * the screen's search over them as typed (goal: p99 ≤ 100 ms), and a card check of the last cardholder's
 * card (the vendor's search has no card-number filter: the worst case reads every cardholder), and the
 * same card checked again (its holder alone, from the desk's card index).
 */
const cardholders = Number(process.env.BENCH_CARDHOLDERS ?? 10_000);
const visits = Number(process.env.BENCH_VISITS ?? 500);
const rounds = Number(process.env.BENCH_ROUNDS ?? 20);

const site = JSON.parse(readFileSync(new URL('../../resources/demo-site.json', import.meta.url), 'utf8')) as SiteDefinition & {
  cardholders: NonNullable<SiteDefinition['cardholders']>;
  visitorManagement: { accessGroups: { members: string[] }[]; visits: unknown[] };
};
for (let i = 0; i < cardholders; i++) site.cardholders.push({ id: `ch-b${i}`, firstName: `Person${i}`, lastName: `Bench${i % 997}`, division: 'south' });
const hosts = site.visitorManagement.accessGroups[0]!.members;
for (let i = 0; i < visits; i++) {
  site.visitorManagement.visits.push({
    id: `v-b${i}`, name: `Visit ${i}`, reception: 'rc-north', visitorType: 'ag-visitors', host: hosts[i % hosts.length],
    from: -300 + (i % 600), until: 60 + (i % 600), visitors: [{ cardholder: `ch-b${i}`, status: 'expected' }],
  });
}

const sim = await startSimulator({ site, control: false });
const session = new SiteSession(deskConfigFor(sim), new ContractEvents(), undefined, {});
void session.start();
try {
  await eventually(() => session.connection.phase === 'connected' || undefined, 'the desk connected', 120_000);
  const reception = new ReceptionService({ session: () => session });
  const north = `${sim.url}/api/receptions/rc-north`;
  const today: number[] = [];
  let rows = (await reception.today(north)).visits;
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    rows = (await reception.today(north)).visits;
    today.push(performance.now() - t);
  }
  const search: number[] = [];
  for (const typed of ['b', 'be', 'ben', 'bench', 'bench4', 'person12', 'raman', 'marino', 'zzz', 'visit 49']) {
    for (let r = 0; r < rounds; r++) {
      const t = performance.now();
      rows.filter((v) => matchesSearch(typed, v));
      search.push(performance.now() - t);
    }
  }
  const card: number[] = [];
  const again: number[] = [];
  const last = String(4100 + site.cardholders.length - 1);
  for (let i = 0; i < Math.min(rounds, 5); i++) {
    const index = new CardIndex();
    for (const times of [card, again]) {
      const t = performance.now();
      const found = await checkCard(session, last, index);
      if (!found.found) throw new Error(`card ${last} was not found`);
      times.push(performance.now() - t);
    }
  }
  const ms = (xs: number[]) => ({ p50: Math.round(quantile(xs, 0.5)! * 10) / 10, p99: Math.round(quantile(xs, 0.99)! * 10) / 10 });
  console.log(JSON.stringify({ cardholders: site.cardholders.length, visitsToday: rows.length, todayMs: ms(today), screenSearchMs: ms(search), cardCheckWorstMs: ms(card), cardCheckAgainMs: ms(again) }, null, 2));
} finally {
  await session.stop();
  await sim.stop();
}
