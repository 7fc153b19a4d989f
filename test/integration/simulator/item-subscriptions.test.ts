import { describe, expect, it } from 'vitest';
import { privilegeSite, KEYS } from './fixtures/sites';
import { feature, type Reply, simulatorForTheseTests, startWithClient, TestClient } from './support';

// The multi-item updates subscription (spec Versioning 8.30; call shape from the vendor's documentation,
// see docs/simulator.md): POST the ids, then long-poll `next.href`.
const MIXED = ['d-n1-east', 'az-labs', 'fz-east', 'm-lights'];

async function subscribe(client: TestClient, itemIds: unknown): Promise<Reply> {
  return client.post(await feature(client, 'items', 'updates'), { itemIds });
}

/** Ids and flags of an answer's updates, by id. */
function flagsById(reply: Reply): Record<string, string[]> {
  return Object.fromEntries((reply.json.updates as { id: string; statusFlags: string[] }[]).map((u) => [u.id, u.statusFlags]));
}

describe('multi-item updates subscription', () => {
  const server = simulatorForTheseTests({ updatesTimeoutMs: 300, statusFetchMs: 20 });

  it('is linked from discovery at features.items.updates', async () => {
    expect(await feature(server.client, 'items', 'updates')).toBe(`${server.sim.url}/api/items/updates`);
  });

  it('answers the POST with id, status, statusText and statusFlags of every item, of mixed types', async () => {
    const reply = await subscribe(server.client, MIXED);
    expect(reply.status).toBe(200);
    expect(reply.json.updates.map((u: { id: string }) => u.id).sort()).toEqual([...MIXED].sort());
    for (const update of reply.json.updates) {
      expect(Object.keys(update).sort()).toEqual(['id', 'status', 'statusFlags', 'statusText']);
    }
    expect(typeof reply.json.next.href).toBe('string');
  });

  it('repeats the whole list in the first GET, then reports only items whose state changed', async () => {
    const posted = await subscribe(server.client, ['d-n2-stair', 'd-s1-dock', 'az-n1']);
    const first = await server.client.get(posted.json.next.href);
    expect(Object.keys(flagsById(first)).sort()).toEqual(['az-n1', 'd-n2-stair', 'd-s1-dock']);
    // Let the status fetch from the controller settle (controllerUnknown → real flags).
    const next = await settled(server.client, first);
    const waiting = server.client.get(next);
    server.sim.control.patchItem('doors', 'd-s1-dock', { open: true, forced: true });
    const changed = await waiting;
    expect(changed.status).toBe(200);
    expect(flagsById(changed)).toEqual({ 'd-s1-dock': ['open', 'locked', 'secure', 'forced'] });
    expect(changed.json.updates[0].statusText).toContain('Forced');
    expect(changed.json.next.href).not.toBe(next);
  });

  it('answers a retried bookmark with the same changes, and refuses one four answers old with 404', async () => {
    const next = await settled(server.client, await subscribe(server.client, ['d-lobby-side']));
    server.sim.control.patchItem('doors', 'd-lobby-side', { tamper: true });
    const first = await server.client.get(next);
    const retried = await server.client.get(next);
    expect(flagsById(retried)).toEqual(flagsById(first));
    expect(Object.keys(flagsById(first))).toEqual(['d-lobby-side']);
    let newest = retried.json.next.href as string;
    for (let i = 0; i < 3; i++) newest = (await server.client.get(newest)).json.next.href;
    expect((await server.client.get(next)).status).toBe(404);
    expect((await server.client.get(newest)).status).toBe(200);
  });

  it('answers empty after the wait when nothing changes', async () => {
    const next = await settled(server.client, await subscribe(server.client, ['d-n3-board']));
    const reply = await server.client.get(next);
    expect(reply.status).toBe(200);
    expect(reply.json.updates).toEqual([]);
  });

  it('keeps only the latest state: a change and its undoing between GETs report nothing', async () => {
    const next = await settled(server.client, await subscribe(server.client, ['d-n1-west']));
    server.sim.control.patchItem('doors', 'd-n1-west', { tamper: true });
    server.sim.control.patchItem('doors', 'd-n1-west', { tamper: false });
    const quiet = await server.client.get(next);
    expect(quiet.json.updates).toEqual([]);
  });

  // cc_rest.yaml: ItemUpdate.updates lists an item on any status update, its flags changed or not; an
  // access zone's count is part of its state (AccessZoneDetail.zoneCount), and so is a fence's voltage.
  it('names a zone again when its count or voltage changes, with the same flags (the client reads the value itself)', async () => {
    const next = await settled(server.client, await subscribe(server.client, ['az-labs', 'fz-east', 'd-n1-east']));
    const before = flagsById(await subscribe(server.client, ['az-labs', 'fz-east']));
    server.sim.control.patchItem('access_zones', 'az-labs', { zoneCount: 4 });
    server.sim.control.patchItem('fence_zones', 'fz-east', { voltage: 7000 });
    const named = await server.client.get(next);
    expect(flagsById(named)).toEqual({ 'az-labs': before['az-labs'], 'fz-east': before['fz-east'] });
    const quiet = await server.client.get(named.json.next.href);
    expect(quiet.json.updates).toEqual([]);
    server.sim.control.patchItem('access_zones', 'az-labs', { zoneCount: 3 });
  });

  it('refuses a body that is not JSON, ids that are not strings, no ids and more than 1,000 ids with 400', async () => {
    const href = await feature(server.client, 'items', 'updates');
    expect((await server.client.post(href, '{"itemIds": [')).status).toBe(400);
    expect((await server.client.post(href, { itemIds: [1, 2] })).status).toBe(400);
    expect((await server.client.post(href, { itemIds: [] })).status).toBe(400);
    const tooMany = Array.from({ length: 1001 }, () => 'd-n1-east');
    const refused = await server.client.post(href, { itemIds: tooMany });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toContain('1000');
  });

  it('refuses an id of no status item (elevator groups have no status) as it refuses an unseen one', async () => {
    expect((await subscribe(server.client, ['d-n1-east', 'no-such-item'])).status).toBe(403);
    expect((await subscribe(server.client, ['eg-north'])).status).toBe(403);
  });

  it('drops a subscription whose next is not fetched within 30 s: the GET answers 404', async () => {
    const posted = await subscribe(server.client, ['d-n1-east']);
    server.sim.control.advanceTime(31_000);
    expect((await server.client.get(posted.json.next.href)).status).toBe(404);
  });

  it('can be made to repeat every item and to answer empty, for client tests', async () => {
    const next = await settled(server.client, await subscribe(server.client, ['d-n1-east', 'az-n2']));
    server.sim.control.repeatSubscriptions();
    const repeated = await server.client.get(next);
    expect(Object.keys(flagsById(repeated)).sort()).toEqual(['az-n2', 'd-n1-east']);
    const waiting = server.client.get(repeated.json.next.href);
    await until(() => server.sim.control.subscriptions().some((s) => s.held > 0));
    server.sim.control.wakeSubscriptions();
    expect((await waiting).json.updates).toEqual([]);
  });

  it('offers the same control over the control API', async () => {
    const next = await settled(server.client, await subscribe(server.client, ['d-labs-inner']));
    const listed = (await (await fetch(`${server.sim.controlUrl}/subscriptions`)).json()) as { subscriptions: { items: number }[] };
    expect(listed.subscriptions.some((s) => s.items === 1)).toBe(true);
    expect((await fetch(`${server.sim.controlUrl}/subscriptions/drop`, { method: 'POST' })).status).toBe(204);
    expect((await server.client.get(next)).status).toBe(404);
  });

  it('counts the REST requests it receives, for the bench', async () => {
    const count = async () => ((await (await fetch(`${server.sim.controlUrl}/requests`)).json()) as { restRequests: number }).restRequests;
    const before = await count();
    await server.client.get('/api');
    await server.client.get('/api');
    expect(await count()).toBe(before + 2);
  });

  it('counts the requests it holds open by kind: a client at rest holds one per long-poll it keeps', async () => {
    const held = async () => ((await (await fetch(`${server.sim.controlUrl}/requests`)).json()) as { held: Record<string, number> }).held;
    const next = await settled(server.client, await subscribe(server.client, ['d-n1-east']));
    const waiting = server.client.get(next);
    await until(() => server.sim.control.heldRequests().subscriptions === 1);
    const item = await server.client.get('/api/doors/d-n1-east/updates');
    const itemWaiting = server.client.get(item.json.next.href);
    await until(() => server.sim.control.heldRequests().items === 1);
    expect(await held()).toMatchObject({ subscriptions: 1, items: 1, alarms: 0, events: 0 });
    await Promise.all([waiting, itemWaiting]);
    expect(server.sim.control.heldRequests()).toMatchObject({ subscriptions: 0, items: 0 });
  });

  it('belongs to the REST client that made it', async () => {
    const posted = await subscribe(server.client, ['d-n1-east']);
    expect(server.sim.control.subscriptions().find((s) => posted.json.next.href.includes(s.id))?.restClient).toBe('rc-gatehouse');
  });

  it('drops every subscription on a restart, and through the control API at once', async () => {
    const waiting = server.client.get(await settled(server.client, await subscribe(server.client, ['d-n1-east'])));
    await until(() => server.sim.control.subscriptions().some((s) => s.held > 0));
    server.sim.control.dropSubscriptions();
    expect((await waiting).status).toBe(404);

    const before = await subscribe(server.client, ['d-n1-east']);
    await server.sim.control.restart();
    const after = new TestClient(server.sim);
    try {
      expect((await after.get(before.json.next.href)).status).toBe(404);
    } finally {
      await after.close();
    }
  });
});

describe('multi-item subscription: privileges, licences and versions', () => {
  it('needs view rights on every item: 401 before 9.30, 403 from 9.30', async () => {
    for (const [version, status] of [['9.20', 401], ['9.30', 403]] as const) {
      const { sim, client } = await startWithClient({ version, site: privilegeSite() });
      const north = new TestClient(sim, { authorization: `${sim.authScheme} ${KEYS.north}` });
      try {
        expect((await subscribe(north, ['d-n1-east'])).status).toBe(200);
        expect((await subscribe(north, ['d-n1-east', 'd-s1-main'])).status).toBe(status);
      } finally {
        await north.close();
        await client.close();
        await sim.stop();
      }
    }
  });

  it('needs the RESTStatus licence (403); RESTOverrides alone is not enough', async () => {
    const { sim, client } = await startWithClient();
    try {
      const href = await feature(client, 'items', 'updates');
      sim.control.setLicences(['RESTOverrides', 'RESTCardholders']);
      // The items controller stays (any REST licence); the subscription link goes.
      expect((await client.get('/api')).json.features.items.updates).toBeUndefined();
      const refused = await client.post(href, { itemIds: ['d-n1-east'] });
      expect(refused.status).toBe(403);
      expect(refused.json.message).toContain('RESTStatus');
    } finally {
      await client.close();
      await sim.stop();
    }
  });

  it('arrives in 8.30: not linked and 404 in 8.20', async () => {
    const { sim, client } = await startWithClient({ version: '8.20' });
    try {
      expect((await client.get('/api')).json.features.items.updates).toBeUndefined();
      expect((await client.post(`${sim.url}/api/items/updates`, { itemIds: ['d-n1-east'] })).status).toBe(404);
    } finally {
      await client.close();
      await sim.stop();
    }
    const newer = await startWithClient({ version: '8.30' });
    try {
      expect((await subscribe(newer.client, MIXED)).status).toBe(200);
    } finally {
      await newer.client.close();
      await newer.sim.stop();
    }
  });
});

/** Follows `next` from a POST until an answer is empty (the status fetch has settled); returns the newest `next`. */
async function settled(client: TestClient, posted: Reply): Promise<string> {
  let reply = await client.get(posted.json.next.href);
  while (reply.json.updates.length > 0) reply = await client.get(reply.json.next.href);
  return reply.json.next.href;
}

/** Waits for a condition the server reaches on its own (a GET being held); no timing is asserted. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
