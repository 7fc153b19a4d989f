import { describe, expect, it } from 'vitest';
import { startWithClient, type TestClient } from './support';

// Spec: Versioning (3) — each change of the table, checked either side of its version.
async function at<T>(version: string, check: (client: TestClient, url: string) => Promise<T>): Promise<T> {
  const { sim, client } = await startWithClient({ version, statusFetchMs: 10, updatesTimeoutMs: 500 });
  try {
    return await check(client, sim.url);
  } finally {
    await client.close();
    await sim.stop();
  }
}
const featureKeys = (client: TestClient) => client.get('/api').then((r) => r.json.features);

describe('version matrix', () => {
  it('rejects versions outside 8.00 … 9.40 with a clear message', async () => {
    await expect(startWithClient({ version: '7.90' })).rejects.toThrow(/outside the simulated range/);
    await expect(startWithClient({ version: 'nine' })).rejects.toThrow(/not a dotted version/);
  });

  it('8.00: card types at /api/card_types, no inputs, no assign link; 8.10 adds them', async () => {
    const old = await at('8.00', featureKeys);
    expect(old.cardTypes.cardTypes.href).toMatch(/\/api\/card_types$/);
    expect(old.cardTypes.assign).toBeUndefined();
    expect(old.inputs).toBeUndefined();
    const newer = await at('8.10', featureKeys);
    // cc_rest.yaml: features.cardTypes.cardTypes is /api/card_types at every version; assign is its own link from 8.10.
    expect(newer.cardTypes.cardTypes.href).toMatch(/\/api\/card_types$/);
    expect(newer.cardTypes.assign.href).toMatch(/\/api\/card_types\/assign$/);
    expect(newer.inputs.inputs.href).toContain('/api/inputs');
    // Both paths work in 8.10.
    await at('8.10', async (client) => {
      expect((await client.get('/api/card_types')).status).toBe(200);
      expect((await client.get('/api/card_types/assign')).status).toBe(200);
    });
    expect(await at('8.00', async (client) => (await client.get('/api/inputs')).status)).toBe(404);
  });

  it('8.20 adds update_cardholder_location; 8.50 day categories', async () => {
    expect((await at('8.10', featureKeys)).cardholders.updateLocationAccessZones).toBeUndefined();
    expect((await at('8.20', featureKeys)).cardholders.updateLocationAccessZones).toBeDefined();
    expect((await at('8.40', featureKeys)).dayCategories).toBeUndefined();
    expect((await at('8.50', featureKeys)).dayCategories.dayCategories.href).toMatch(/\/api\/day_categories$/);
  });

  it('8.30 adds connectedController', async () => {
    const field = (v: string) => at(v, async (c) => (await c.get('/api/doors/d-plant')).json.connectedController);
    expect(await field('8.20')).toBeUndefined();
    expect(await field('8.30')).toMatchObject({ id: 'ctl-grounds', name: 'Perimeter controller' });
  });

  it('8.60 adds search by description', async () => {
    const count = (v: string) => at(v, async (c) => (await c.get('/api/doors?top=1000&description=boardroom')).json.results.length);
    expect(await count('8.50')).toBe(24);
    expect(await count('8.60')).toBe(1);
  });

  it('8.10 adds zoneCount and voltage to default updates', async () => {
    const updates = (v: string, path: string) =>
      at(v, async (c) => {
        const first = await c.get(path);
        return (await c.get(first.json.next.href)).json.updates;
      });
    expect(await updates('8.00', '/api/access_zones/az-labs/updates')).not.toHaveProperty('zoneCount');
    expect(await updates('8.10', '/api/access_zones/az-labs/updates')).toHaveProperty('zoneCount', 3);
    expect(await updates('8.00', '/api/fence_zones/fz-east/updates?fields=voltage')).toEqual({ voltage: 8200 });
    expect(await updates('8.10', '/api/fence_zones/fz-east/updates')).toHaveProperty('voltage', 8200);
  });

  it('8.70 includes fields changed to an empty value in updates; before, they are left out', async () => {
    const macroUpdates = (v: string) =>
      at(v, async (c) => {
        const first = await c.get('/api/macros/m-lights/updates');
        return (await c.get(first.json.next.href)).json.updates;
      });
    expect(await macroUpdates('8.60')).toEqual({});
    expect(await macroUpdates('8.70')).toEqual({ status: '', statusText: '', statusFlags: [] });
  });

  it('9.0 accepts Basic; 9.20 directDivision; 9.40 door lock', async () => {
    const basic = (key: string) => `Basic ${Buffer.from(`:${key}`).toString('base64')}`;
    const status = (v: string) =>
      at(v, async (c) => {
        c.authorization = basic(c.sim.apiKey);
        return (await c.get('/api')).status;
      });
    expect(await status('8.90')).toBe(401);
    expect(await status('9.00')).toBe(200);
    const lockOffered = (v: string) => at(v, async (c) => (await c.get('/api/doors/d-n1-comms')).json.commands.lock !== undefined);
    expect(await lockOffered('9.30')).toBe(false);
    expect(await lockOffered('9.40')).toBe(true);
  });
});
