import { readFileSync } from 'node:fs';
import { ContractEvents } from '../../../electron/core/events';
import { checkCard } from '../../../electron/core/reception/card-check';
import { CardIndex } from '../../../electron/core/reception/card-index';
import { ReceptionService } from '../../../electron/core/reception/reception-service';
import { RollCallService } from '../../../electron/core/reception/roll-call';
import { SiteSession } from '../../../electron/core/site-session';
import { startSimulator } from '../../../electron/simulator/index';
import type { SiteDefinition } from '../../../electron/simulator/site/schema';
import { matchesSearch } from '../../../renderer/src/reception/lib/visitor-steps';
import { deskConfigFor, eventually } from '../../integration/support/site';
import { quantile } from '../stats';

export interface ReceptionSettings {
  /** Cardholders added to the demo site's. */
  cardholders: number;
  /** Visits added today at the North Lobby. */
  visits: number;
  /** Rounds of each measure per run. */
  rounds: number;
}

type Ms = { p50: number; p99: number };
export interface ReceptionFigures {
  cardholders: number;
  visitsToday: number;
  onSite: number;
  /** Of those inside, how many the roll call marked visitor. */
  visitorsInside: number;
  todayMs: Ms;
  screenSearchMs: Ms;
  rollCallMs: Ms;
  cardCheckWorstMs: Ms;
  cardCheckAgainMs: Ms;
}

/**
 * One run of the reception desk at scale, on the demo site grown by `cardholders` cardholders (one in
 * ten inside) with `visits` more visits today at its North Lobby, one visitor each. Measures the day's visits as the
 * core reads them (all visits, page by page, kept for the reception), the screen's search over them as
 * typed (goal: p99 ≤ 100 ms), the roll call (everyone inside, and one visit search to tell visitors
 * from staff), and a card check of the last cardholder's card (the vendor's search has no card-number
 * filter: the worst case reads every cardholder), and the same card checked again (its holder alone).
 */
export async function runReception(settings: ReceptionSettings): Promise<ReceptionFigures> {
  const site = grownSite(settings);
  const sim = await startSimulator({ site, control: false });
  const session = new SiteSession(deskConfigFor(sim), new ContractEvents(), undefined, {});
  void session.start();
  try {
    await eventually(() => session.connection.phase === 'connected' || undefined, 'the desk connected', 120_000);
    const reception = new ReceptionService({ session: () => session });
    const north = `${sim.url}/api/receptions/rc-north`;
    let rows = (await reception.today(north)).visits;
    const today = await timed(settings.rounds, async () => void (rows = (await reception.today(north)).visits));
    const search: number[] = [];
    for (const typed of ['b', 'be', 'ben', 'bench', 'bench4', 'person12', 'raman', 'marino', 'zzz', 'visit 49']) {
      search.push(...(await timed(settings.rounds, () => void rows.filter((v) => matchesSearch(typed, v)))));
    }
    const rollCall = new RollCallService({ session: () => session });
    let inside = { total: 0, visitors: 0 };
    const roll = await timed(Math.min(settings.rounds, 10), async () => void (inside = await rollCall.get()));
    const card: number[] = [];
    const again: number[] = [];
    const last = String(4100 + site.cardholders.length - 1);
    for (let i = 0; i < Math.min(settings.rounds, 5); i++) {
      const index = new CardIndex();
      for (const times of [card, again]) {
        const t = performance.now();
        const found = await checkCard(session, last, index);
        if (!found.found) throw new Error(`card ${last} was not found`);
        times.push(performance.now() - t);
      }
    }
    return { cardholders: site.cardholders.length, visitsToday: rows.length, onSite: inside.total, visitorsInside: inside.visitors, todayMs: ms(today), screenSearchMs: ms(search), rollCallMs: ms(roll), cardCheckWorstMs: ms(card), cardCheckAgainMs: ms(again) };
  } finally {
    await session.stop();
    await sim.stop();
  }
}

type GrownSite = SiteDefinition & {
  cardholders: NonNullable<SiteDefinition['cardholders']>;
  cardholderLocations: Record<string, string>;
  visitorManagement: { accessGroups: { members: string[] }[]; visits: unknown[] };
};
/** Where one in ten of the added people last badged: an evacuation's roll call of about a thousand. */
const ZONES = ['az-n1', 'az-n2', 'az-n3', 'az-labs', 'az-lobby'];

function grownSite(settings: ReceptionSettings): GrownSite {
  const site = JSON.parse(readFileSync(new URL('../../../resources/demo-site.json', import.meta.url), 'utf8')) as GrownSite;
  for (let i = 0; i < settings.cardholders; i++) {
    site.cardholders.push({ id: `ch-b${i}`, firstName: `Person${i}`, lastName: `Bench${i % 997}`, division: 'south' });
    if (i % 10 === 0) site.cardholderLocations[`ch-b${i}`] = ZONES[(i / 10) % ZONES.length]!;
  }
  const hosts = site.visitorManagement.accessGroups[0]!.members;
  for (let i = 0; i < settings.visits; i++) {
    site.visitorManagement.visits.push({
      id: `v-b${i}`, name: `Visit ${i}`, reception: 'rc-north', visitorType: 'ag-visitors', host: hosts[i % hosts.length],
      from: -300 + (i % 600), until: 60 + (i % 600), visitors: [{ cardholder: `ch-b${i}`, status: 'expected' }],
    });
  }
  return site;
}

async function timed(rounds: number, act: () => Promise<void> | void): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    await act();
    out.push(performance.now() - t);
  }
  return out;
}

const ms = (xs: number[]): Ms => ({ p50: Math.round(quantile(xs, 0.5)! * 10) / 10, p99: Math.round(quantile(xs, 0.99)! * 10) / 10 });
