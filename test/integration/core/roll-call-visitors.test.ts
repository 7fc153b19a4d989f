import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OverdueVisitors } from '../../../shared/contract/reception';
import { LocalStore } from '../../../electron/core/offline/local-store';
import { storeMigrations } from '../../../electron/core/offline/registry';
import { OverdueWatch } from '../../../electron/core/reception/overdue-watch';
import { ReceptionService } from '../../../electron/core/reception/reception-service';
import { RollCallService } from '../../../electron/core/reception/roll-call';
import { RollCallStore } from '../../../electron/core/reception/roll-call-store';
import { LocalDataSealer } from '../../../electron/core/vault/keys/local-data-sealer';
import { recordedDeskOnTestSite } from '../support/session';
import { eventually } from '../support/site';

// The roll call's visitors and staff, its copy kept in the desk's local store for when the server is
// away, and the overdue-visitor watch that feeds the attention strip: the core against the simulator.
let stores: LocalStore[] = [];

afterEach(() => {
  stores.forEach((s) => s.close());
  stores = [];
});

let requests: string[] = [];

async function connected(version: string) {
  requests = [];
  const { site, desk } = await recordedDeskOnTestSite({ version, onRequest: (r) => void requests.push(`${r.method} ${r.url.pathname}${r.url.search}`) });
  await eventually(() => desk.connection.phase === 'connected' || undefined, 'the desk connected');
  return { site, desk };
}

function storeIn(dir: string): LocalStore {
  const store = LocalStore.open(dir, { migrations: storeMigrations });
  stores.push(store);
  return store;
}

const everyone = (roll: Awaited<ReturnType<RollCallService['get']>>) => roll.zones.flatMap((z) => z.people);

describe('visitors and staff on the roll call', () => {
  it("marks who is on one of today's visits a visitor and everyone else staff, counted per zone, from one visit search", async () => {
    const { desk } = await connected('9.40');
    const roll = await new RollCallService({ session: () => desk.session }).get();
    const kinds = Object.fromEntries(everyone(roll).map((p) => [p.name, p.kind]));
    expect(kinds).toMatchObject({ 'Tom Brennan': 'visitor', 'Lena Petrov': 'visitor', 'Grace Whitfield': 'staff', 'Priya Raman': 'staff' });
    expect(roll.visitorsUnknown).toBeUndefined();
    expect(roll.visitors + roll.staff).toBe(roll.total);
    for (const zone of roll.zones) {
      expect(zone.visitors, zone.name).toBe(zone.people.filter((p) => p.kind === 'visitor').length);
      expect(zone.staff, zone.name).toBe(zone.people.filter((p) => p.kind === 'staff').length);
    }
    // The visitors come from the visit search, one page, asking only for who is on each visit.
    const visitReads = requests.filter((r) => r.startsWith('GET /api/visits'));
    expect(visitReads).toHaveLength(1);
    expect(decodeURIComponent(visitReads[0]!)).toContain('fields=href,name,from,until,visitors.cardholder');
  });

  it('marks nobody on a server without visits, and says why', async () => {
    const { desk } = await connected('8.40');
    const roll = await new RollCallService({ session: () => desk.session }).get();
    expect(roll.total).toBeGreaterThan(0);
    expect(everyone(roll).every((p) => p.kind === undefined)).toBe(true);
    expect(roll.visitorsUnknown).toMatch(/no visits.*8\.50/);
  });
});

describe('the last roll call, kept in the local store', () => {
  it('is served with when it was read while the server is away, sealed on disk, and survives a restart of the desk', async () => {
    const { site, desk } = await connected('9.40');
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-roll-call-'));
    const sealer = new LocalDataSealer(randomBytes(32));
    const kept = { store: new RollCallStore(storeIn(dir), () => Promise.resolve(sealer)), site: () => 'site-a' };
    const readAt = Date.now() - 60_000;
    const live = await new RollCallService({ session: () => desk.session, kept, now: () => readAt }).get();
    expect(live.copy).toBeUndefined();
    // Sealed: nobody's name is in the file in plain text.
    const row = stores[0]!.db.prepare('SELECT read_at, sealed FROM roll_call_kept WHERE site = ?').get('site-a') as { read_at: number; sealed: string };
    expect(row.read_at).toBe(readAt);
    expect(row.sealed).not.toContain('Grace');

    await site.stop();
    await eventually(() => desk.connection.phase !== 'connected' || undefined, 'the desk sees the server gone', 20_000);
    // A desk started afresh on the same store, the server still away.
    stores[0]!.close();
    stores = [];
    const again = { store: new RollCallStore(storeIn(dir), () => Promise.resolve(sealer)), site: () => 'site-a' };
    const copy = await new RollCallService({ session: () => desk.session, kept: again }).get();
    expect(copy.copy?.why).toBe('Not connected to the server.');
    expect(copy.at).toBe(readAt);
    expect(everyone(copy).map((p) => p.name)).toEqual(everyone(live).map((p) => p.name));
    expect(everyone(copy).find((p) => p.name === 'Tom Brennan')?.kind).toBe('visitor');
    // Another site has no copy: the server's silence is said, not someone else's roll call shown.
    const other = { store: again.store, site: () => 'site-b' };
    await expect(new RollCallService({ session: () => desk.session, kept: other }).get()).rejects.toThrow(/Not connected/);
    // Under another key (the vault reset) the copy does not open: none, rather than a wrong one.
    const otherKey = { store: new RollCallStore(stores[0]!, () => Promise.resolve(new LocalDataSealer(randomBytes(32)))), site: () => 'site-a' };
    await expect(new RollCallService({ session: () => desk.session, kept: otherKey }).get()).rejects.toThrow(/Not connected/);
  });
});

describe('overdue visitors for the attention strip', () => {
  it("names the chosen reception's overdue visitors with their host and the visit's end, and reads again after a departure", async () => {
    const { site, desk } = await connected('9.40');
    const north = `${site.url}/api/receptions/rc-north`;
    const published: OverdueVisitors[] = [];
    // The desk's clock three hours on: the Lab tour (ending in 150 min) is overdue to the desk, not yet to the server.
    const later = () => Date.now() + 3 * 3_600_000;
    const watch = new OverdueWatch({ session: () => desk.session, chosen: () => north, publish: (o) => published.push(o), now: later });
    await watch.refresh();
    const first = published.at(-1)!;
    expect(first.reception?.name).toBe('North Lobby Reception');
    const names = first.visitors.map((v) => v.name);
    expect(names).toContain('Tom Brennan');
    expect(names).toContain('Anika Chowdhury');
    expect(first.visitors[0]).toMatchObject({ name: 'Tom Brennan', host: 'Oliver Grant', visit: 'Visit hosted by Oliver Grant' });
    expect(Date.parse(first.visitors[0]!.until)).toBeLessThan(Date.now());

    const reception = new ReceptionService({ session: () => desk.session, changed: () => void watch.refresh() });
    const lab = (await reception.today(north)).visits.find((v) => v.name === 'Lab tour')!;
    const reads = published.length;
    await reception.setVisitorState({ visitor: lab.visitors[0]!.href!, visitorName: 'Anika Chowdhury', visitName: lab.name, state: 'departed' });
    await eventually(() => published.length > reads || undefined, 'the overdue list read again');
    expect(published.at(-1)!.visitors.map((v) => v.name)).not.toContain('Anika Chowdhury');
    expect(published.at(-1)!.visitors.map((v) => v.name)).toContain('Tom Brennan');
  });

  it('watches the first reception by name when none was chosen, and keeps the last answer while the server is away', async () => {
    const { site, desk } = await connected('9.40');
    const published: OverdueVisitors[] = [];
    const watch = new OverdueWatch({ session: () => desk.session, chosen: () => undefined, publish: (o) => published.push(o) });
    await watch.refresh();
    // No reception chosen: the first by name, as the Reception screen opens at.
    expect(published.at(-1)!.visitors.map((v) => v.name)).toEqual(['Tom Brennan']);
    await site.stop();
    await eventually(() => desk.connection.phase !== 'connected' || undefined, 'the desk sees the server gone', 20_000);
    await watch.refresh();
    expect(published).toHaveLength(1);
    expect(watch.latest().visitors.map((v) => v.name)).toEqual(['Tom Brennan']);
  });

  it('names nobody on a server without visits', async () => {
    const { desk } = await connected('8.40');
    const published: OverdueVisitors[] = [];
    await new OverdueWatch({ session: () => desk.session, chosen: () => undefined, publish: (o) => published.push(o) }).refresh();
    expect(published.at(-1)).toMatchObject({ visitors: [], withheld: 0 });
  });
});
