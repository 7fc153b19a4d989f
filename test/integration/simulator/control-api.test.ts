import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { simulatorForTheseTests } from './support';

// Control API (issue 3, point 11): plain HTTP on a loopback port, same operations as `control`.
describe('control API', () => {
  const server = simulatorForTheseTests({ statusFetchMs: 10, updatesTimeoutMs: 5_000 });

  const control = async (method: string, path: string, body?: unknown) => {
    const res = await request(`${server.sim.controlUrl}${path}`, {
      method: method as 'GET',
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    const text = await res.body.text();
    return { status: res.statusCode, json: text ? JSON.parse(text) : undefined };
  };

  it('listens on 127.0.0.1 over plain HTTP', () => {
    expect(server.sim.controlUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('PATCH /items/doors/{id} changes the flags and wakes a waiting long-poll', async () => {
    const first = await server.client.get('/api/doors/d-plant/updates');
    const settled = await server.client.get(first.json.next.href);
    const waiting = server.client.get(settled.json.next.href);
    const patched = await control('PATCH', '/items/doors/d-plant', { open: true, openTooLong: true, tamper: true });
    expect(patched.status).toBe(204);
    const woken = await waiting;
    expect(woken.json.updates.statusFlags).toEqual(['open', 'locked', 'secure', 'openTooLong', 'tamper']);
  });

  it('PATCH with an unknown field or a wrong type is refused with the reason', async () => {
    const unknown = await control('PATCH', '/items/doors/d-plant', { ajar: true });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toMatch(/ajar/);
    const wrongType = await control('PATCH', '/items/doors/d-plant', { open: 'yes' });
    expect(wrongType.status).toBe(400);
    expect((await control('PATCH', '/items/doors/nope', { open: true })).status).toBe(404);
  });

  it('GET /events?since=N lists overrides with attribution and auth failures', async () => {
    const before = (await control('GET', '/events')).json.events.at(-1)?.seq ?? 0;
    await server.client.post('/api/doors/d-cp-gate/open');
    const stranger = await request(`${server.sim.url}/api`, { dispatcher: server.client.agent, headers: { authorization: 'GGL-API-KEY nope' } });
    await stranger.body.text();
    const events = (await control('GET', `/events?since=${before}`)).json.events;
    expect(events).toEqual([
      expect.objectContaining({ type: 'override', collection: 'doors', itemId: 'd-cp-gate', command: 'open', operator: 'ch-desk' }),
      expect.objectContaining({ type: 'auth-failure', reason: 'Unknown API key' }),
    ]);
    expect(events[0].seq).toBeGreaterThan(before);
    expect(events[1].seq).toBe(events[0].seq + 1);
    expect(Number.isNaN(Date.parse(events[0].time))).toBe(false);
  });
});
