import { beforeAll, describe, expect, it } from 'vitest';
import { KEYS, privilegeSite } from './fixtures/sites';
import { feature, simulatorForTheseTests, startWithClient, type TestClient, withQuery } from './support';

type Found = { id: string; name: string; type: { id: string; name: string; canonicalTypeName?: string }; href?: string };

// cc_rest.yaml: Items (/api/items, /api/items/{id} from 8.40, /api/items/types); card types (/api/card_types/{id}).
describe('the items controller', () => {
  const server = simulatorForTheseTests({ site: privilegeSite(), version: '9.40' });
  let items: string;
  beforeAll(async () => {
    items = await feature(server.client, 'items', 'items');
  });

  const search = async (who: TestClient, params: Record<string, string> = {}): Promise<Found[]> => {
    const reply = await who.get(withQuery(items, { top: '1000', ...params }));
    expect(reply.status).toBe(200);
    return reply.json.results;
  };

  it('searches items of every kind by name, each with its id, name and type; in id order', async () => {
    const found = await search(server.client, { name: 'north' });
    const kinds = new Set(found.map((i) => i.type.canonicalTypeName));
    expect(kinds).toEqual(new Set(['door', 'accesszone', 'alarmzone', 'elevatorgroup', 'input', 'output']));
    for (const item of found) expect(item.name.toLowerCase()).toContain('north');
    expect(found.find((i) => i.id === 'alz-north')).toEqual({
      href: `${server.sim.url}/api/items/alz-north`,
      id: 'alz-north',
      name: 'North Building Intruder',
      type: { id: expect.any(String), name: 'Alarm Zone', canonicalTypeName: 'alarmzone' },
    });
    const ids = (await search(server.client)).map((i) => i.id);
    expect(ids).toEqual([...ids].sort());
  });

  it('filters by type ids (a comma-separated list), ignoring unknown ids, and by division', async () => {
    const types = (await server.client.get(await feature(server.client, 'items', 'itemTypes'))).json.itemTypes as Found['type'][];
    const door = types.find((t) => t.canonicalTypeName === 'door')!;
    const fence = types.find((t) => t.canonicalTypeName === 'fencezone')!;
    const doorsAndFences = await search(server.client, { type: `${door.id},${fence.id},nonsense` });
    expect(new Set(doorsAndFences.map((i) => i.type.id))).toEqual(new Set([door.id, fence.id]));
    // Every id unknown: the vendor's servers drop the filter (cc_rest.yaml: /api/items `type`).
    expect((await search(server.client, { type: 'nonsense' })).length).toBe((await search(server.client)).length);
    const labs = await search(server.client, { division: 'north-labs', fields: 'id,division' });
    expect(labs.length).toBeGreaterThan(0);
    for (const item of labs) expect(item).toEqual({ id: item.id, division: { id: 'north-labs', href: `${server.sim.url}/api/divisions/north-labs` } });
  });

  it('pages with top and next', async () => {
    const first = (await server.client.get(withQuery(items, { top: '5' }))).json;
    expect(first.results).toHaveLength(5);
    const second = (await server.client.get(first.next.href)).json;
    expect(second.results[0].id).not.toBe(first.results[0].id);
  });

  it('shows only items the operator may view; details of others are 404', async () => {
    const theirs = await search(server.as(KEYS.north));
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.length).toBeLessThan((await search(server.client)).length);
    expect((await server.as(KEYS.north).get(`${server.sim.url}/api/items/d-s1-main`)).status).toBe(404);
  });

  it('gives one item with its division', async () => {
    const detail = (await server.client.get(`${server.sim.url}/api/items/d-lobby-main`)).json;
    expect(detail).toMatchObject({ id: 'd-lobby-main', type: { canonicalTypeName: 'door' }, division: { id: expect.any(String), href: expect.stringContaining('/api/divisions/') } });
    expect((await server.client.get(`${server.sim.url}/api/items/no-such-item`)).status).toBe(404);
  });

  it('lists item types; card type hrefs from the lists lead to a detail page', async () => {
    const types = (await server.client.get(`${server.sim.url}/api/items/types`)).json.itemTypes;
    expect(types).toContainEqual({ id: '1', name: 'Cardholder', canonicalTypeName: 'cardholder' });
    for (const list of ['/api/card_types', '/api/card_types/assign']) {
      for (const type of (await server.client.get(list)).json.results) {
        const detail = await server.client.get(type.href);
        expect(detail.status).toBe(200);
        expect(detail.json).toMatchObject({ href: type.href, name: type.name, credentialClass: type.credentialClass });
      }
    }
    expect((await server.client.get(`${server.sim.url}/api/card_types/0`)).status).toBe(404);
  });
});

describe('the items controller by version', () => {
  it('8.00–8.30: search and types, no details, no canonical names; 8.40 adds details; 9.00 canonical names', async () => {
    for (const [version, details, canonical] of [['8.30', false, false], ['8.40', true, false], ['9.00', true, true]] as const) {
      const { sim, client } = await startWithClient({ version });
      const found = (await client.get(`${sim.url}/api/items?name=lobby`)).json.results as Found[];
      expect(found.length, version).toBeGreaterThan(0);
      expect('canonicalTypeName' in found[0]!.type, version).toBe(canonical);
      expect((await client.get(`${sim.url}/api/items/d-lobby-main`)).status, version).toBe(details ? 200 : 404);
      await client.close();
      await sim.stop();
    }
  });

  it('before 8.40 the type filter takes one id only', async () => {
    const { sim, client } = await startWithClient({ version: '8.30' });
    const types = (await client.get(`${sim.url}/api/items/types`)).json.itemTypes as Found['type'][];
    const door = types.find((t) => t.name === 'Door')!;
    const onlyDoors = (await client.get(`${sim.url}/api/items?type=${door.id}&top=1000`)).json.results as Found[];
    expect(new Set(onlyDoors.map((i) => i.type.name))).toEqual(new Set(['Door']));
    // "11,12" is one unknown id at 8.30: the filter is dropped.
    const all = (await client.get(`${sim.url}/api/items?top=1000`)).json.results as Found[];
    expect((await client.get(`${sim.url}/api/items?type=${door.id},1&top=1000`)).json.results).toHaveLength(all.length);
    await client.close();
    await sim.stop();
  });
});
