import { describe, expect, it } from 'vitest';
import { KEYS, privilegeSite } from './fixtures/sites';
import { simulatorForTheseTests, startWithClient, type TestClient } from './support';

// Spec: What the service does 4–6, Errors (200 empty vs 403 vs 404).
describe('operators, privileges and licences', () => {
  const server = simulatorForTheseTests({ site: privilegeSite(), version: '9.40' });

  const ids = async (client: TestClient, href: string) =>
    ((await client.get(href)).json.results as { id: string }[]).map((r) => r.id).sort();

  it('privileges apply to the operator group divisions and all their descendants', async () => {
    const seen = await ids(server.as(KEYS.north), '/api/doors?top=1000');
    const site = privilegeSite();
    const expected = site.doors!.filter((d) => ['north', 'north-labs'].includes(d.division)).map((d) => d.id).sort();
    expect(seen).toEqual(expected);
    expect(seen).toContain('d-labs-store');
  });

  it('a search the operator may not see anything of answers 200 with empty results', async () => {
    const reply = await server.as(KEYS.nobody).get('/api/doors');
    expect(reply.status).toBe(200);
    expect(reply.json.results).toEqual([]);
  });

  it('a detail outside the operator divisions is 404, like an id that does not exist', async () => {
    expect((await server.as(KEYS.north).get('/api/doors/d-s1-main')).status).toBe(404);
    expect((await server.as(KEYS.north).get('/api/doors/no-such-door')).status).toBe(404);
    expect((await server.as(KEYS.north).get('/api/doors/d-lobby-main')).status).toBe(200);
  });

  it('a detail of a kind of item the operator may not view anywhere is 403 with the reason', async () => {
    const reply = await server.as(KEYS.nobody).get('/api/doors/d-lobby-main');
    expect(reply.status).toBe(403);
    expect(reply.json.message).toMatch(/privilege to view doors/);
    expect((await server.as(KEYS.nobody).get('/api/doors/d-lobby-main/updates')).status).toBe(403);
  });

  it('an override without the privilege is 403 with the reason; with it, 204', async () => {
    const refused = await server.as(KEYS.north).post('/api/doors/d-lobby-main/open');
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/Override - Open Door/);
    expect((await server.as(KEYS.labsDoors).post('/api/doors/d-labs-store/open')).status).toBe(204);
  });

  it('an override on an item the operator cannot view is 404', async () => {
    expect((await server.as(KEYS.labsDoors).post('/api/doors/d-s1-main/open')).status).toBe(404);
  });

  it("privilege changes take effect only once the REST client item's privileges are refreshed", async () => {
    expect((await server.as(KEYS.north).post('/api/doors/d-lobby-side/open')).status).toBe(403);
    server.sim.control.setOperatorGroup('og-north', { privileges: ['View Site', 'Override - Open Door'] });
    expect((await server.as(KEYS.north).post('/api/doors/d-lobby-side/open')).status).toBe(403);
    server.sim.control.refreshRestClient('rc-north');
    expect((await server.as(KEYS.north).post('/api/doors/d-lobby-side/open')).status).toBe(204);
    expect(() => server.sim.control.setOperatorGroup('og-north', { divisions: ['atlantis'] })).toThrow(/unknown divisions atlantis/);
  });
});

describe('licences', () => {
  const server = simulatorForTheseTests({ version: '8.60' });

  it('/api lists only licensed calls', async () => {
    server.sim.control.setLicences(['RESTStatus']);
    const features = (await server.client.get('/api')).json.features;
    expect(Object.keys(features).sort()).toEqual(
      // `items`: the items controller (any REST licence) and the multi-item updates subscription (RESTStatus).
      ['accessZones', 'alarmZones', 'dayCategories', 'doors', 'elevators', 'fenceZones', 'inputs', 'interlockGroups', 'items', 'macros', 'outputs'].sort(),
    );
    server.sim.control.setLicences(['RESTCardholders']);
    const cardholdersOnly = (await server.client.get('/api')).json.features;
    // Receptions (8.50) need only RESTCardholders; visits also need VisitorManagement (cc_rest.yaml).
    expect(Object.keys(cardholdersOnly).sort()).toEqual(['cardTypes', 'cardholders', 'dayCategories', 'items', 'receptions']);
    expect(Object.keys(cardholdersOnly.items).sort()).toEqual(['itemTypes', 'items']);
  });

  it('item GETs without RESTStatus or RESTOverrides are 403 with a body naming the licence', async () => {
    server.sim.control.setLicences(['RESTCardholders']);
    const reply = await server.client.get('/api/doors');
    expect(reply.status).toBe(403);
    expect(reply.json.message).toMatch(/RESTStatus/);
  });

  it('from 8.60 a RESTOverrides-only client finds items with a limited field set', async () => {
    server.sim.control.setLicences(['RESTOverrides']);
    const detail = await server.client.get('/api/doors/d-lobby-main');
    expect(detail.status).toBe(200);
    expect(Object.keys(detail.json).sort()).toEqual(['commands', 'division', 'href', 'id', 'name']);
    const asked = await server.client.get('/api/doors/d-lobby-main?fields=statusFlags,name,updates');
    expect(Object.keys(asked.json)).toEqual(['name']);
  });

  it('override POSTs without RESTOverrides are 403 saying so', async () => {
    server.sim.control.setLicences(['RESTStatus']);
    const reply = await server.client.post('/api/doors/d-lobby-main/open');
    expect(reply.status).toBe(403);
    expect(reply.json.message).toMatch(/RESTOverrides/);
    const door = (await server.client.get('/api/doors/d-lobby-main')).json;
    expect(door.commands).toBeUndefined();
  });

  it('day categories need any one REST licence; interlock groups RESTStatus or RESTOverrides', async () => {
    server.sim.control.setLicences(['RESTCardholders']);
    expect((await server.client.get('/api/day_categories')).status).toBe(200);
    expect((await server.client.get('/api/interlock_groups')).status).toBe(403);
    server.sim.control.setLicences([]);
    expect((await server.client.get('/api/day_categories')).status).toBe(403);
  });
});

describe('licences up to 8.50', () => {
  it('RESTOverrides alone does not allow item GETs', async () => {
    const { sim, client } = await startWithClient({ version: '8.50' });
    sim.control.setLicences(['RESTOverrides']);
    const reply = await client.get('/api/doors');
    expect(reply.status).toBe(403);
    expect(reply.json.message).toBe('The site is not licensed for RESTStatus');
    expect((await client.post('/api/doors/d-lobby-main/open')).status).toBe(204);
    await client.close();
    await sim.stop();
  });
});
