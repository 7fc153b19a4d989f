import { describe, expect, it } from 'vitest';
import { simulatorForTheseTests, TestClient, withQuery } from './support';

interface EventJson {
  id: string;
  priority: number;
  message: string;
  type: { name: string };
  source: { id: string };
  alarm?: { state: string; href: string };
  cardholder?: { id: string };
  operator?: { name: string };
}

// Issue 32 §1 (2): the world raises the server's events and alarms; restores end `active`.
describe('what the world raises', () => {
  const server = simulatorForTheseTests({ statusFetchMs: 10, updatesTimeoutMs: 400 });

  const eventsAt = async (source: string): Promise<EventJson[]> => (await server.client.get(withQuery(`${server.sim.url}/api/events`, { source }))).json.events;
  const alarm = async (e: EventJson) => (await server.client.get(e.alarm!.href)).json;

  it('an input tamper, a fence alert and a zone count out of range raise two-part alarms that restore', async () => {
    server.sim.control.patchItem('inputs', 'in-n-glass', { tamper: true });
    server.sim.control.patchItem('fence_zones', 'fz-east', { alert: true });
    server.sim.control.patchItem('access_zones', 'az-labs', { zoneCount: 11 });
    const raised = [(await eventsAt('in-n-glass'))[0]!, (await eventsAt('fz-east'))[0]!, (await eventsAt('az-labs'))[0]!];
    expect(raised.map((e) => e.type.name)).toEqual(['Tamper', 'Fence alarm', 'Zone count out of range']);
    for (const e of raised) expect((await alarm(e)).active, e.message).toBe(true);

    server.sim.control.patchItem('inputs', 'in-n-glass', { tamper: false });
    server.sim.control.patchItem('fence_zones', 'fz-east', { alert: false });
    server.sim.control.patchItem('access_zones', 'az-labs', { zoneCount: 5 });
    for (const e of raised) expect((await alarm(e)).active, e.message).toBe(false);
    // A condition raises once while it stands, however often the item changes.
    server.sim.control.patchItem('inputs', 'in-n-glass', { tamper: true });
    server.sim.control.patchItem('inputs', 'in-n-glass', { open: true });
    expect((await eventsAt('in-n-glass')).filter((e) => e.type.name === 'Tamper')).toHaveLength(2);
  });

  it('refused REST connections are alarms, and the flood summary is a priority 9 alarm', async () => {
    const stranger = new TestClient(server.sim, { authorization: 'GGL-API-KEY 1111-2222-3333-4444-5555-6666-7777-8888' });
    for (let i = 0; i < 11; i++) await stranger.get('/api');
    await stranger.close();
    const serverEvents = await eventsAt('server');
    expect(serverEvents.filter((e) => e.type.name === 'REST connection refused')).toHaveLength(10);
    const flood = serverEvents.find((e) => e.type.name === 'REST requests refused in bulk')!;
    expect(flood.priority).toBe(9);
    expect(flood.alarm?.state).toBe('unacknowledged');
  });

  it('a cardholder created through REST is an operator event naming the operator', async () => {
    await server.client.post('/api/cardholders', { division: { href: `${server.sim.url}/api/divisions/north` }, firstName: 'Pat', lastName: 'Lee' });
    const page: EventJson[] = (await server.client.get(withQuery(`${server.sim.url}/api/events`, { type: '20061' }))).json.events;
    expect(page.at(-1)).toMatchObject({ operator: { name: 'Workstation, Desk' }, message: expect.stringContaining('Lee, Pat') });
  });
});

describe('what the demo scenario raises', () => {
  const server = simulatorForTheseTests({ scenario: { ratePerSecond: 5, seed: 3, forcedShare: 0.2 }, statusFetchMs: 10, updatesTimeoutMs: 400 });

  it('records card access at passages and raises forced-door alarms that restore when the door closes', async () => {
    for (let step = 0; step < 120; step++) server.sim.control.advanceTime(250);
    const all: EventJson[] = (await server.client.get(`${server.sim.url}/api/events`)).json.events;
    const granted = all.filter((e) => e.type.name === 'Card access granted');
    expect(granted.length).toBeGreaterThan(0);
    expect(granted[0]!.cardholder).toBeDefined();
    const forced = all.filter((e) => e.type.name === 'Door forced open');
    expect(forced.length).toBeGreaterThan(0);
    // The scenario closes a forced door within six seconds: by now the first is restored.
    const first = (await server.client.get(forced[0]!.alarm!.href)).json;
    expect(first).toMatchObject({ state: 'unacknowledged', active: false });
    expect(server.sim.control.unprocessedAlarms()).toBeGreaterThanOrEqual(forced.length);
  });
});
