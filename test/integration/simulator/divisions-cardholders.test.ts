import { describe, expect, it } from 'vitest';
import { KEYS, privilegeSite } from './fixtures/sites';
import { feature, simulatorForTheseTests, startWithClient, type TestClient, withQuery } from './support';

type Named = { name: string };
type Person = { firstName?: string; lastName?: string; href: string; id: string; division?: { id?: string; href: string } };

// The North viewer may also view cardholders, but only in North Building (and North Labs below it).
const site = () =>
  privilegeSite((s) => {
    s.operatorGroups = [
      ...(s.operatorGroups ?? []),
      { id: 'og-north-people', name: 'North reception', divisions: ['north'], privileges: ['View Cardholders'], members: ['ch-north'] },
    ];
  });

describe('divisions list (9.30+): features.divisions.divisions, paging, name, sort, fields, privileges', () => {
  const server = simulatorForTheseTests({ version: '9.40', site: site() });

  it('lists every division the operator holds a privilege in, with href, id, name and parent', async () => {
    const href = await feature(server.client, 'divisions', 'divisions');
    expect(href).toBe(`${server.sim.url}/api/divisions`);
    const all = (await server.client.get(withQuery(href, { sort: 'name' }))).json.results;
    expect(all.map((d: Named) => d.name)).toEqual(['Campus', 'Grounds', 'North Building', 'North Labs', 'South Building']);
    expect(all.find((d: Named) => d.name === 'North Labs')).toEqual({
      href: `${server.sim.url}/api/divisions/north-labs`,
      id: 'north-labs',
      name: 'North Labs',
      parent: { href: `${server.sim.url}/api/divisions/north` },
    });
    // The root has no parent.
    expect(all.find((d: Named) => d.name === 'Campus').parent).toBeUndefined();
    // North's operator groups cover North and what is below it; an operator without groups sees none.
    const seen = (await server.as(KEYS.north).get(withQuery(href, { sort: 'name' }))).json.results.map((d: Named) => d.name);
    expect(seen).toEqual(['North Building', 'North Labs']);
    expect((await server.as(KEYS.nobody).get(href)).json.results).toEqual([]);
  });

  it('pages with top and next, filters by name, reverses with -name, selects fields', async () => {
    const href = await feature(server.client, 'divisions', 'divisions');
    const first = (await server.client.get(withQuery(href, { top: '2', sort: 'id' }))).json;
    expect(first.results.map((d: { id: string }) => d.id)).toEqual(['grounds', 'north']);
    const second = (await server.client.get(first.next.href)).json;
    expect(second.results.map((d: { id: string }) => d.id)).toEqual(['north-labs', 'root']);
    const third = (await server.client.get(second.next.href)).json;
    expect(third.results.map((d: { id: string }) => d.id)).toEqual(['south']);
    expect(third.next).toBeUndefined();
    expect((await server.client.get(withQuery(href, { name: 'north', sort: '-name' }))).json.results.map((d: Named) => d.name)).toEqual(['North Labs', 'North Building']);
    expect((await server.client.get(withQuery(href, { name: 'ground', fields: 'name' }))).json.results).toEqual([{ name: 'Grounds' }]);
  });

  it("a division's own href answers its detail; description only when asked for", async () => {
    const detail = await server.client.get(`${server.sim.url}/api/divisions/north`);
    expect(detail.json).toEqual({ href: `${server.sim.url}/api/divisions/north`, id: 'north', name: 'North Building', parent: { href: `${server.sim.url}/api/divisions/root` } });
    expect((await server.client.get(`${server.sim.url}/api/divisions/nowhere`)).status).toBe(404);
  });
});

describe('divisions list by version', () => {
  it('before 9.30 /api links no division list and the path is 404; division hrefs still answer', async () => {
    const { sim, client } = await startWithClient({ version: '9.20' });
    try {
      expect((await client.get('/api')).json.features.divisions).toBeUndefined();
      expect((await client.get('/api/divisions')).status).toBe(404);
      expect((await client.get('/api/divisions/root')).json.name).toBe('Campus');
    } finally {
      await client.close();
      await sim.stop();
    }
  });
});

describe('cardholder search: GET features.cardholders.cardholders', () => {
  const server = simulatorForTheseTests({ version: '9.40', site: site() });

  const search = async (c: TestClient, params: Record<string, string>) =>
    (await c.get(withQuery(await feature(server.client, 'cardholders', 'cardholders'), params))).json;

  it('matches first name, last name or "lastName, firstName", case-insensitively, with the summary fields', async () => {
    const byFirst = (await search(server.client, { name: 'priya' })).results;
    expect(byFirst).toEqual([
      { href: `${server.sim.url}/api/cardholders/ch-praman`, id: 'ch-praman', firstName: 'Priya', lastName: 'Raman', description: 'Facilities manager', authorised: true },
    ]);
    const byLast = (await search(server.client, { name: 'grant', sort: 'name' })).results.map((p: Person) => `${p.firstName} ${p.lastName}`);
    expect(byLast).toEqual(['Oliver Grant', 'Hannah Grantham']);
    // A % anchors the pattern at both ends: only last name Grant exactly, then any first name.
    expect((await search(server.client, { name: 'grant,%' })).results.map((p: Person) => p.lastName)).toEqual(['Grant']);
    expect((await search(server.client, { name: '"mei"' })).results.map((p: Person) => p.lastName)).toEqual(['Chen']);
    expect((await search(server.client, { name: '""' })).results).toEqual([]);
  });

  it('fields adds the division; division filters the subtree', async () => {
    const [whitfield] = (await search(server.client, { name: 'whitfield', fields: 'href,firstName,lastName,division' })).results;
    expect(whitfield).toEqual({ href: `${server.sim.url}/api/cardholders/ch-gwhitfield`, firstName: 'Grace', lastName: 'Whitfield', division: { id: 'north-labs', href: `${server.sim.url}/api/divisions/north-labs` } });
    const inNorth = (await search(server.client, { division: 'north', top: '1000' })).results.map((p: Person) => p.id);
    expect(inNorth).toContain('ch-gwhitfield');
    expect(inNorth).not.toContain('ch-abello'); // Aisha Bello is in South Building
    // description (8.60+) matches the cardholder's description, as on items.
    expect((await search(server.client, { description: 'night shift' })).results.map((p: Person) => p.id)).toEqual(['ch-abello']);
  });

  it('pages through next with top and sort=id', async () => {
    const first = await search(server.client, { top: '5', sort: 'id' });
    expect(first.results).toHaveLength(5);
    const seen = [...first.results];
    let next = first.next?.href as string | undefined;
    while (next) {
      const page = (await server.client.get(next)).json;
      seen.push(...page.results);
      next = page.next?.href;
    }
    const ids = seen.map((p: Person) => p.id);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('ch-emacleod');
  });

  it('only cardholders in divisions where the operator may view cardholders; none without the privilege', async () => {
    const seen = (await search(server.as(KEYS.north), { sort: 'name', fields: 'division' })).results;
    expect(seen.length).toBeGreaterThan(0);
    const divisions = new Set(seen.map((p: Person) => p.division!.href.split('/').pop()));
    expect([...divisions].sort()).toEqual(['north', 'north-labs']);
    expect((await search(server.as(KEYS.north), { name: 'Bello' })).results).toEqual([]);
    expect((await search(server.as(KEYS.nobody), { name: 'a' })).results).toEqual([]);
  });

  it('403 without the RESTCardholders licence', async () => {
    const { sim: bare, client: c } = await startWithClient({ site: privilegeSite((s) => (s.licences = ['RESTStatus', 'RESTOverrides'])) });
    try {
      const reply = await c.get('/api/cardholders?name=a');
      expect(reply.status).toBe(403);
      expect(reply.json.message).toMatch(/RESTCardholders/);
    } finally {
      await c.close();
      await bare.stop();
    }
  });
});

describe('cardholder search by version', () => {
  it('8.00: href and id come with any fields list; from 8.10 only what was asked', async () => {
    const { sim, client } = await startWithClient({ version: '8.00' });
    try {
      const [one] = (await client.get('/api/cardholders?name=raman&fields=lastName')).json.results;
      expect(one).toEqual({ href: `${sim.url}/api/cardholders/ch-praman`, id: 'ch-praman', lastName: 'Raman' });
    } finally {
      await client.close();
      await sim.stop();
    }
    const later = await startWithClient({ version: '8.10' });
    try {
      const [one] = (await later.client.get('/api/cardholders?name=raman&fields=lastName')).json.results;
      expect(one).toEqual({ lastName: 'Raman' });
    } finally {
      await later.client.close();
      await later.sim.stop();
    }
  });
});
