import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { simulatorForTheseTests } from './support';

// Control API (issue 3, point 11): controllers, the hardware process, latency, 5xx, malformed JSON,
// dropped requests and connections, restart, licences — over HTTP on the loopback port.
describe('control API faults', () => {
  const server = simulatorForTheseTests({ statusFetchMs: 10, updatesTimeoutMs: 10_000 });

  const control = async (method: string, path: string, body?: unknown) => {
    const res = await request(`${server.sim.controlUrl}${path}`, { method: method as 'GET', body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.body.text();
    return { status: res.statusCode, json: text ? JSON.parse(text) : undefined };
  };
  const settle = async (href: string) => {
    const first = await server.client.get(href);
    return server.client.get(first.json.next.href);
  };

  it('a controller taken offline turns its items controllerOffline and wakes their long-polls', async () => {
    const settled = await settle('/api/doors/d-cp-gate/updates');
    const waiting = server.client.get(settled.json.next.href);
    expect((await control('PATCH', '/controllers/ctl-grounds', { online: false })).status).toBe(204);
    expect((await waiting).json.updates.statusFlags).toEqual(['controllerOffline']);
    expect((await server.client.get('/api/fence_zones/fz-east?fields=statusFlags')).json.statusFlags).toEqual(['controllerOffline']);
    await control('PATCH', '/controllers/ctl-grounds', { online: true });
    expect((await control('PATCH', '/controllers/nope', { online: true })).status).toBe(404);
  });

  it('the hardware process going down shows processOffline everywhere', async () => {
    await control('PATCH', '/server', { processOnline: false });
    expect((await server.client.get('/api/inputs/in-n-glass?fields=statusFlags')).json.statusFlags).toEqual(['processOffline']);
    await control('PATCH', '/server', { processOnline: true });
    expect((await server.client.get('/api/inputs/in-n-glass?fields=statusFlags')).json.statusFlags).toEqual(['unknown']);
  });

  it('answers 5xx for a given number of requests, then recovers', async () => {
    expect((await control('PUT', '/faults', { serverError: { status: 503, count: 2 } })).status).toBe(204);
    expect((await server.client.get('/api')).status).toBe(503);
    expect((await server.client.get('/api')).status).toBe(503);
    expect((await server.client.get('/api')).status).toBe(200);
  });

  it('answers malformed JSON while asked to', async () => {
    await control('PUT', '/faults', { malformedJson: { count: 1 } });
    const reply = await server.client.get('/api/doors');
    expect(reply.status).toBe(200);
    expect(() => JSON.parse(reply.text)).toThrow();
    expect((await server.client.get('/api/doors')).json.results.length).toBeGreaterThan(0);
  });

  it('drops requests without an answer', async () => {
    await control('PUT', '/faults', { dropRequests: { count: 1 } });
    await expect(server.client.get('/api')).rejects.toThrow();
    expect((await server.client.get('/api')).status).toBe(200);
  });

  it('adds latency until cleared', async () => {
    await control('PUT', '/faults', { latencyMs: 5_000 });
    // Far shorter than the added latency: the answer cannot arrive in time.
    const slow = request(`${server.sim.url}/api`, {
      dispatcher: server.client.agent,
      headers: { authorization: server.client.authorization! },
      headersTimeout: 500,
    });
    await expect(slow).rejects.toThrow(/timeout/i);
    expect((await control('DELETE', '/faults')).status).toBe(204);
    expect((await server.client.get('/api')).status).toBe(200);
  });

  it('refuses unknown fault settings with the reason', async () => {
    const reply = await control('PUT', '/faults', { serverError: { status: 404 } });
    expect(reply.status).toBe(400);
    expect(reply.json.message).toMatch(/serverError.status/);
  });

  it('drops every connection, held long-polls included', async () => {
    const settled = await settle('/api/doors/d-plant/updates');
    const held = server.client.get(settled.json.next.href);
    await new Promise((r) => setTimeout(r, 50));
    expect((await control('POST', '/connections/drop')).status).toBe(204);
    await expect(held).rejects.toThrow();
    expect((await server.client.get('/api')).status).toBe(200);
  });

  it('restarts on the same port: nothing is watched, so the first updates call is controllerUnknown again', async () => {
    await settle('/api/doors/d-roof/updates');
    expect((await control('POST', '/restart')).status).toBe(204);
    const first = await server.client.get('/api/doors/d-roof/updates');
    expect(first.json.updates.statusFlags).toEqual(['controllerUnknown']);
  });

  it('changes licences', async () => {
    expect((await control('PUT', '/licences', ['RESTCardholders'])).status).toBe(204);
    expect((await server.client.get('/api/doors')).status).toBe(403);
    expect((await control('PUT', '/licences', ['Everything'])).status).toBe(400);
    await control('PUT', '/licences', ['RESTCardholders', 'RESTStatus', 'RESTOverrides', 'PIV']);
    expect((await server.client.get('/api/doors')).status).toBe(200);
  });

  it('patches every item type, and refuses what the hardware cannot do', async () => {
    expect((await control('PATCH', '/items/inputs/in-gate-beam', { tamper: true })).status).toBe(400);
    expect((await control('PATCH', '/items/inputs/in-n-glass', { open: true, tamper: true })).status).toBe(204);
    expect((await control('PATCH', '/items/fence_zones/fz-west', { alert: true, voltage: 9000 })).status).toBe(204);
    expect((await control('PATCH', '/items/alarm_zones/alz-north', { delay: 'exitDelay' })).status).toBe(204);
    expect((await control('PATCH', '/items/interlock_groups/il-labs', { forced: true })).status).toBe(204);
    expect((await control('PATCH', '/items/access_zones/az-n1', { zoneCount: 4, deviceNotResponding: true })).status).toBe(204);
    // An abnormal state is known without asking the hardware: the first call already has it.
    const zone = await server.client.get('/api/access_zones/az-n1/updates');
    expect(zone.json.updates.statusFlags).toEqual(['deviceNotResponding']);
    const fence = await settle('/api/fence_zones/fz-west/updates');
    expect(fence.json.updates).toMatchObject({ statusFlags: expect.arrayContaining(['alert']), voltage: 9000 });
  });

  it('tells the simulated time and moves it', async () => {
    const before = Date.parse((await control('GET', '/time')).json.now);
    expect((await control('POST', '/time/advance', { ms: 3_600_000 })).status).toBe(204);
    const after = Date.parse((await control('GET', '/time')).json.now);
    expect(after - before).toBeGreaterThanOrEqual(3_600_000);
  });
});
