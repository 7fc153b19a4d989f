import { afterEach, describe, expect, it } from 'vitest';
import { AuditLog } from '../../../electron/core/offline/audit-log';
import { LocalStore } from '../../../electron/core/offline/local-store';
import { storeMigrations } from '../../../electron/core/offline/registry';
import { cardholderPhoto, checkCard } from '../../../electron/core/reception/card-check';
import { CardIndex } from '../../../electron/core/reception/card-index';
import { ReceptionService } from '../../../electron/core/reception/reception-service';
import { RollCallService } from '../../../electron/core/reception/roll-call';
import type { RunningSimulator } from '../../../electron/simulator/index';
import { DeskError } from '../../../shared/errors';
import { recordedSession } from '../support/session';
import { eventually, startTestSite } from '../support/site';

// The reception desk and the roll call through the core, against the simulator over TLS: today's
// visits, a visitor's day, host notifications, a walk-in, who is inside by zone, marking people safe;
// each action audited with the operator, and refused (never queued) while the server is away.
let site: RunningSimulator | undefined;
let desk: ReturnType<typeof recordedSession> | undefined;

afterEach(async () => {
  await desk?.session.stop();
  await site?.stop();
  desk = site = undefined;
});

/** Every request that could change something on the server (anything but a GET), as it arrived. */
let writes: string[] = [];
/** Every request, as it arrived. */
let requests: string[] = [];

async function receptionDesk(version: string) {
  writes = [];
  requests = [];
  site = await startTestSite({
    version,
    onRequest: (r) => {
      requests.push(`${r.method} ${r.url.pathname}`);
      if (r.method !== 'GET') writes.push(`${r.method} ${r.url.pathname}`);
    },
  });
  desk = recordedSession(site);
  const d = desk;
  await eventually(() => d.connection.phase === 'connected' || undefined, 'the desk connected');
  const store = LocalStore.openFile(':memory:', { migrations: storeMigrations });
  const audit = new AuditLog(store, { desk: 'reception-1' });
  audit.attributeTo(() => 'Morgan Reyes');
  const options = { session: () => d.session, audit };
  return { site, desk: d, audit, reception: new ReceptionService(options), rollCall: new RollCallService(options) };
}

const north = (site: RunningSimulator) => `${site.url}/api/receptions/rc-north`;

describe('reception at 9.40', () => {
  it("lists the receptions and today's visits by start time, with the overdue visitor marked", async () => {
    const { site, reception } = await receptionDesk('9.40');
    const { receptions } = await reception.list();
    expect(receptions.map((r) => r.name)).toEqual(['North Lobby Reception', 'South Goods Reception']);
    const today = await reception.today(north(site));
    expect(today.statesOffered).toBe(true);
    const starts = today.visits.map((v) => v.from ?? '');
    expect(starts).toEqual([...starts].sort());
    const overdue = today.visits.flatMap((v) => v.visitors.filter((x) => x.overdue).map((x) => x.name));
    expect(overdue).toEqual(['Tom Brennan']);
    const cancelled = today.visits.flatMap((v) => v.visitors).find((x) => x.name === 'Rafael Silva');
    expect(cancelled).toMatchObject({ state: 'cancelled', overdue: false });
    expect(today.visits.find((v) => v.name === 'Supplier review')?.host?.name).toBe('Sofia Marino');
  });

  it("takes a visitor through the day, notifying the host, each step audited with the operator", async () => {
    const { site, reception, audit } = await receptionDesk('9.40');
    const lab = (await reception.today(north(site))).visits.find((v) => v.name === 'Lab tour')!;
    const anika = lab.visitors[0]!;
    for (const state of ['signingIn', 'signedIn', 'onSite', 'expectedBack', 'onSite', 'departed'] as const) {
      await reception.setVisitorState({ visitor: anika.href!, visitorName: anika.name, visitName: lab.name, state });
      const now = (await reception.today(north(site))).visits.find((v) => v.name === 'Lab tour')!.visitors[0]!;
      expect(now.state).toBe(state);
    }
    await reception.notifyHost({ visitor: anika.href!, visitorName: anika.name, hostName: 'Grace Whitfield', reception: 'North Lobby Reception', kind: 'signingIn' });
    const entries = audit.matching({}).filter((e) => e.action.kind.startsWith('visitor.'));
    expect(entries).toHaveLength(7);
    expect(entries.every((e) => e.operator === 'Morgan Reyes' && e.action.outcome === 'done')).toBe(true);
    // Signing out makes the reception the visitor's last place: they drop off the roll call.
    expect(entries.some((e) => e.action.kind === 'visitor.hostNotified')).toBe(true);
  });

  it("says in words when the server refuses: an expired visit cannot change", async () => {
    const { site, reception, audit } = await receptionDesk('9.40');
    const overdue = (await reception.today(north(site))).visits.find((v) => v.visitors.some((x) => x.overdue))!;
    const tom = overdue.visitors[0]!;
    const refused = await reception.setVisitorState({ visitor: tom.href!, visitorName: tom.name, visitName: overdue.name, state: 'departed' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DeskError);
    expect((refused as DeskError).message).toBe(`${overdue.name} has ended (past its end time): the server takes no more changes to it`);
    expect(audit.matching({}).at(-1)?.action.outcome).toBe('refused');
  });

  it('creates a walk-in visit for a new visitor, in the reception division, with a host found by name', async () => {
    const { site, reception } = await receptionDesk('9.40');
    const { types, defaultType } = await reception.visitorTypes(north(site));
    expect(types.map((t) => t.name)).toEqual(['Visitors', 'Contractors']);
    expect(defaultType).toBe(types[0]!.href);
    const from = new Date(Date.now() - 60_000);
    const made = await reception.walkIn({
      reception: north(site),
      visitorType: types[0]!.href,
      host: { href: `${site.url}/api/cardholders/ch-praman`, name: 'Priya Raman' },
      visitor: { firstName: 'Walk', lastName: 'Inman' },
      from: from.toISOString(),
      until: new Date(from.getTime() + 3_600_000).toISOString(),
    });
    expect(made.visit).toMatch(/^https:\/\//);
    const today = await reception.today(north(site));
    const walkIn = today.visits.find((v) => v.href === made.visit)!;
    expect(walkIn.visitors).toEqual([expect.objectContaining({ name: 'Walk Inman', state: 'expected', overdue: false })]);
  });

  it('refuses every action while the server is away, sending nothing and keeping nothing to send later', async () => {
    const { site, desk, reception, rollCall, audit } = await receptionDesk('9.40');
    const lab = (await reception.today(north(site))).visits.find((v) => v.name === 'Lab tour')!;
    const writesBefore = writes.length;
    await site.stop();
    await eventually(() => desk.connection.phase !== 'connected' || undefined, 'the desk sees the server gone', 20_000);
    const attempts = [
      reception.setVisitorState({ visitor: lab.visitors[0]!.href!, visitorName: 'Anika Chowdhury', visitName: lab.name, state: 'signedIn' }),
      reception.notifyHost({ visitor: lab.visitors[0]!.href!, visitorName: 'Anika Chowdhury', reception: 'North Lobby Reception', kind: 'onSite' }),
      rollCall.markSafe({ cardholder: `${site.url}/api/cardholders/ch-praman`, name: 'Priya Raman', zone: `${site.url}/api/access_zones/az-carpark`, zoneName: 'Car Park' }),
    ];
    for (const attempt of attempts) {
      const err = await attempt.catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DeskError);
      expect((err as DeskError).code).toBe('offline');
      expect((err as DeskError).message).toMatch(/not sent/);
    }
    expect(writes.slice(writesBefore)).toEqual([]);
    expect(audit.matching({}).slice(-3).map((e) => e.action.outcome)).toEqual(['refused', 'refused', 'refused']);
  });
});

describe('roll call at 9.40', () => {
  it('lists who is inside by zone, and marking someone safe moves them to the muster zone on the server', async () => {
    const { rollCall, audit } = await receptionDesk('9.40');
    const before = await rollCall.get();
    expect(before.total).toBe(before.zones.reduce((n, z) => n + z.people.length, 0));
    const labs = before.zones.find((z) => z.name === 'Research Labs')!;
    expect(labs.people.map((p) => p.name)).toEqual(['Daniel Whitaker', 'Grace Whitfield', 'Kofi Mensah']);
    const { zones } = await rollCall.musterZones();
    const carPark = zones.find((z) => z.name === 'Car Park')!;
    const grace = labs.people.find((p) => p.name === 'Grace Whitfield')!;
    await rollCall.markSafe({ cardholder: grace.href, name: grace.name, zone: carPark.href, zoneName: carPark.name });
    const after = await rollCall.get();
    expect(after.zones.find((z) => z.name === 'Research Labs')!.people.map((p) => p.name)).toEqual(['Daniel Whitaker', 'Kofi Mensah']);
    expect(after.zones.find((z) => z.name === 'Car Park')!.people.map((p) => p.name)).toContain('Grace Whitfield');
    expect(audit.matching({}).at(-1)).toMatchObject({ operator: 'Morgan Reyes', action: { kind: 'rollCall.markedSafe', outcome: 'done', zone: 'Car Park' } });
  });
});

describe('reception at 8.60 (visits without visitor states)', () => {
  it("lists the day's visits but says plainly that states cannot change on this server", async () => {
    const { site, reception } = await receptionDesk('8.60');
    const today = await reception.today(north(site));
    expect(today.statesOffered).toBe(false);
    expect(today.visits.length).toBeGreaterThan(3);
    expect(today.visits.flatMap((v) => v.visitors).every((x) => x.state === undefined && x.href === undefined)).toBe(true);
    const err = await reception
      .setVisitorState({ visitor: `${site.url}/api/visits/v-1005/visitors/ch-v-achowdhury`, visitorName: 'Anika Chowdhury', visitName: 'Lab tour', state: 'signedIn' })
      .catch((e: unknown) => e);
    expect((err as DeskError).message).toMatch(/8\.90/);
  });
});

describe('card check at 9.40', () => {
  it("finds whose card a number is: photo, name, division, the card's state and end, access groups, last badge", async () => {
    const { desk } = await receptionDesk('9.40');
    const priya = await checkCard(desk.session, '4104');
    expect(priya).toMatchObject({ found: true, name: 'Priya Raman', divisionName: 'North Building', card: { type: 'Proximity Card', state: 'Active', active: true } });
    if (!priya.found) throw new Error('not found');
    expect(priya.photo).toMatch(/^data:image\/png;base64,iVBOR/);
    expect(priya.accessGroups).toEqual(['Staff: North Building', 'Visit hosts']);
    expect(priya.lastSeen?.zone).toBe('North Level 1 Offices');
    // Lost, disabled and expired cards are said as the server words them, and do not open doors.
    for (const [number, state] of [['4117', 'Lost'], ['4119', 'Disabled (manually)'], ['4114', 'Expired']] as const) {
      expect(await checkCard(desk.session, number), number).toMatchObject({ found: true, card: { state, active: false } });
    }
    // Checked again through the desk's card index: that one cardholder read (and the photo), not the list.
    const index = new CardIndex();
    const first = await checkCard(desk.session, '4104', index);
    const mark = requests.length;
    expect(await checkCard(desk.session, '4104', index)).toEqual(first);
    expect(requests.slice(mark).filter((r) => r.startsWith('GET /api/cardholders'))).toEqual([
      'GET /api/cardholders/ch-praman',
      'GET /api/cardholders/ch-praman/personal_data/2369',
    ]);
    // Leading zeros and spaces are the same card number.
    expect(await checkCard(desk.session, ' 04104 ')).toMatchObject({ found: true, name: 'Priya Raman' });
    expect(await checkCard(desk.session, '999999')).toEqual({ found: false, number: '999999' });
  });

  it("gives a visitor's photo for their badge, and none for someone without one", async () => {
    const { site, desk } = await receptionDesk('9.40');
    expect((await cardholderPhoto(desk.session, `${site.url}/api/cardholders/ch-v-jnakamura`)).photo).toMatch(/^data:image\/png;base64,/);
    expect(await cardholderPhoto(desk.session, `${site.url}/api/cardholders/ch-v-cobi`)).toEqual({});
  });
});
