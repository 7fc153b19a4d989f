import { describe, expect, it } from 'vitest';
import { generateSite } from '../../../electron/simulator/site/generate';
import { demoSite } from './fixtures/sites';
import { simulatorForTheseTests, startWithClient } from './support';

// Spec: Common query parameters (name, description, division, directDivision, fields, sort, top).
async function startAt(version: string, site = demoSite()) {
  return startWithClient({ version, site });
}
const names = (reply: { json: { results: { name: string }[] } }) => reply.json.results.map((r) => r.name).sort();

describe('name and description matching', () => {
  const server = simulatorForTheseTests(() => {
    const site = demoSite();
    site.doors!.push(
      { id: 'd-pct', name: '100% Door', division: 'root', description: 'Abc' },
      { id: 'd-under', name: 'Under_score', division: 'root', description: 'xAbcx' },
    );
    return startAt('9.40', site);
  });
  const search = (q: string) => server.client.get(`/api/doors?top=1000&${q}`);

  it('matches a case-insensitive substring', async () => {
    expect(names(await search('name=LOBBY'))).toEqual(['Lobby Main Entrance', 'Lobby Side Door', 'North L2 Lift Lobby']);
  });

  it('treats % as any run of characters and _ as any one character', async () => {
    expect(names(await search('name=' + encodeURIComponent('north%comms')))).toEqual(['North L1 Comms Room']);
    expect(names(await search('name=' + encodeURIComponent('South L_ Stores')))).toEqual(['South L2 Stores']);
  });

  it('matches exactly when wrapped in double quotes', async () => {
    expect(names(await search('name=' + encodeURIComponent('"lobby side door"')))).toEqual(['Lobby Side Door']);
    expect(names(await search('name=' + encodeURIComponent('"lobby side"')))).toEqual([]);
  });

  it('returns no items for name=""', async () => {
    expect((await search('name=' + encodeURIComponent('""'))).json.results).toEqual([]);
  });

  it('description: substring without wildcards, anchored at both ends with one', async () => {
    expect(names(await search('description=abc'))).toEqual(['100% Door', 'Under_score']);
    expect(names(await search('description=' + encodeURIComponent('a%c')))).toEqual(['100% Door']);
  });

  it('ANDs every parameter', async () => {
    expect(names(await search('name=door&division=south'))).toEqual([]);
    expect(names(await search('name=stores&division=south'))).toEqual(['South L2 Stores']);
  });
});

describe('division filters', () => {
  const server = simulatorForTheseTests(() => startAt('9.20'));

  it('division includes descendants; a list is a union', async () => {
    const north = names(await server.client.get('/api/doors?top=1000&division=north'));
    expect(north).toContain('Lab Chemical Store');
    const both = names(await server.client.get('/api/doors?top=1000&division=north-labs,grounds'));
    expect(both).toEqual(
      ['Lab Airlock Outer', 'Lab Airlock Inner', 'Lab Chemical Store', 'Car Park Vehicle Gate', 'Car Park Pedestrian Gate', 'Plant Room Door', 'Bike Cage Gate'].sort(),
    );
  });

  it('directDivision (9.20+) takes only items directly in the division, and is case-sensitive', async () => {
    const direct = names(await server.client.get('/api/doors?top=1000&directDivision=north'));
    expect(direct).not.toContain('Lab Chemical Store');
    expect(direct).toContain('Lobby Main Entrance');
    const ignored = await server.client.get('/api/doors?top=1000&directdivision=north');
    expect(ignored.json.results.length).toBe(demoSite().doors!.length);
  });

  it('directDivision is ignored before 9.20', async () => {
    const { sim: old, client: oldClient } = await startAt('9.10');
    const all = await oldClient.get('/api/doors?top=1000&directDivision=north');
    expect(all.json.results.length).toBe(demoSite().doors!.length);
    await oldClient.close();
    await old.stop();
  });
});

describe('fields', () => {
  it('8.00 always adds href and id to what was asked for', async () => {
    const { sim, client } = await startAt('8.00');
    const page = await client.get('/api/doors?top=1&sort=id&fields=name');
    expect(Object.keys(page.json.results[0]).sort()).toEqual(['href', 'id', 'name']);
    await client.close();
    await sim.stop();
  });

  it('from 8.10 only what was asked for; defaults adds the defaults; names are case-sensitive', async () => {
    const { sim, client } = await startAt('8.10');
    const page = await client.get('/api/doors?top=1&sort=id&fields=name,Description');
    expect(page.json.results[0]).toEqual({ name: 'Bike Cage Gate' });
    const withDefaults = await client.get('/api/doors?top=1&sort=id&fields=defaults,entryAccessZone');
    expect(Object.keys(withDefaults.json.results[0]).sort()).toEqual(['entryAccessZone', 'href', 'id', 'name']);
    const detail = await client.get('/api/access_zones/az-labs?fields=doors,zoneCount');
    expect(detail.json).toEqual({
      doors: [
        { name: 'Lab Airlock Outer', href: `${sim.url}/api/doors/d-labs-outer` },
        { name: 'Lab Airlock Inner', href: `${sim.url}/api/doors/d-labs-inner` },
        { name: 'Lab Chemical Store', href: `${sim.url}/api/doors/d-labs-store` },
      ],
      zoneCount: 3,
    });
    await client.close();
    await sim.stop();
  });
});

describe('sort and top', () => {
  it('ignores an unknown sort value', async () => {
    const { sim, client } = await startAt('9.20');
    const plain = names(await client.get('/api/doors?top=1000'));
    const bogus = names(await client.get('/api/doors?top=1000&sort=colour'));
    expect(bogus).toEqual(plain);
    const byName = (await client.get('/api/doors?top=1000&sort=name')).json.results.map((r: { name: string }) => r.name);
    expect(byName).toEqual([...byName].sort());
    await client.close();
    await sim.stop();
  });

  it('without sort, 9.20 lists in site order and 9.30 in another (unspecified) order', async () => {
    const order = async (version: string) => {
      const { sim, client } = await startAt(version);
      const ids = (await client.get('/api/doors?top=1000')).json.results.map((r: { id: string }) => r.id);
      await client.close();
      await sim.stop();
      return ids;
    };
    const siteOrder = demoSite().doors!.map((d) => d.id);
    expect(await order('9.20')).toEqual(siteOrder);
    const later = await order('9.30');
    expect(later).not.toEqual(siteOrder);
    expect([...later].sort()).toEqual([...siteOrder].sort());
  });

  it.each([
    ['8.60', 100],
    ['8.70', 1000],
  ])('at %s the default page size is %i, and top raises or lowers it', async (version, size) => {
    const { sim, client } = await startWithClient({ version, site: generateSite({ doors: 1100 }) });
    const page = await client.get('/api/doors?sort=id');
    expect(page.json.results.length).toBe(size);
    expect(page.json.next).toBeDefined();
    expect((await client.get('/api/doors?top=1100')).json.results.length).toBe(1100);
    expect((await client.get('/api/doors?top=3')).json.results.length).toBe(3);
    await client.close();
    await sim.stop();
  });
});
