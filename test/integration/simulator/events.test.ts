import { beforeAll, describe, expect, it } from 'vitest';
import { feature, simulatorForTheseTests, withQuery } from './support';

interface EventJson {
  id: string;
  message: string;
  type: { id: string; name: string };
  group: { id: string; name: string };
  source: { id: string };
  alarm?: { state: string; href: string };
  operator?: { name: string };
  [field: string]: unknown;
}

// Issue 32 §1: the server's events (cc_rest.yaml tag Events).
describe('events', () => {
  const server = simulatorForTheseTests({ statusFetchMs: 10, updatesTimeoutMs: 400 });
  let eventsHref: string;
  beforeAll(async () => {
    eventsHref = await feature(server.client, 'events', 'events');
  });

  const events = async (query: Record<string, string> = {}) => {
    const reply = await server.client.get(withQuery(eventsHref, query));
    expect(reply.status).toBe(200);
    return reply.json as { events: EventJson[]; next: { href: string }; previous: { href: string }; updates: { href: string } };
  };

  it('lists events in arrival order with next, previous and updates links; alarms carry their state', async () => {
    const a = server.sim.control.raiseAlarm({ kind: 'external', source: 'd-lobby-main', priority: 1, message: 'first' });
    const b = server.sim.control.raiseAlarm({ kind: 'external', source: 'd-lobby-main', priority: 7, message: 'second' });
    const page = await events({ source: 'd-lobby-main' });
    expect(page.events.map((e) => e.id)).toEqual([a.id, b.id]);
    expect(page.events[0]!.alarm).toBeUndefined();
    expect(page.events[1]!.alarm).toEqual({ state: 'unacknowledged', href: `${server.sim.url}/api/alarms/${b.id}` });
    expect(page.events[1]).toMatchObject({ priority: 7, type: { id: '20080', name: 'External alarm' }, group: { id: '110' } });
    // The links keep the filters, and next answers nothing more until something new arrives.
    expect(new URL(page.next.href).searchParams.get('source')).toBe('d-lobby-main');
    expect((await server.client.get(page.next.href)).json.events).toEqual([]);
    const c = server.sim.control.raiseAlarm({ kind: 'external', source: 'd-lobby-main', priority: 1, message: 'third' });
    expect((await server.client.get(page.next.href)).json.events.map((e: EventJson) => e.id)).toEqual([c.id]);
  });

  it('gives the newest first page with previous=true and top, oldest of them first', async () => {
    for (let i = 0; i < 5; i++) server.sim.control.raiseAlarm({ kind: 'external', source: 'd-lobby-side', priority: 1, message: `n${i}` });
    const page = await events({ source: 'd-lobby-side', previous: 'true', top: '2' });
    expect(page.events.map((e) => e.message)).toEqual(['n3', 'n4']);
    const older = (await server.client.get(page.previous.href)).json;
    expect(older.events.map((e: EventJson) => e.message)).toEqual(['n1', 'n2']);
  });

  it('filters by type and group (ORed), cardholder, division and related item', async () => {
    server.sim.control.raiseAlarm({ kind: 'accessDenied', source: 'd-n1-west', cardholder: 'ch-visitor' });
    server.sim.control.raiseAlarm({ kind: 'tamper', source: 'd-n1-west', active: false });
    const denied = await events({ type: '20011', source: 'd-n1-west' });
    expect(denied.events.map((e) => e.type.name)).toEqual(['Card access denied']);
    expect(denied.events[0]!.cardholder).toMatchObject({ id: 'ch-visitor', href: `${server.sim.url}/api/cardholders/ch-visitor` });
    const either = await events({ type: '20011', group: '102', source: 'd-n1-west' });
    expect(either.events.map((e) => e.type.name)).toEqual(['Card access denied', 'Tamper']);
    expect((await events({ cardholder: 'ch-visitor' })).events).toHaveLength(1);
    expect((await events({ relatedItem: 'ch-visitor' })).events).toHaveLength(1);
    expect((await events({ division: 'south', source: 'd-n1-west' })).events).toEqual([]);
    expect((await events({ division: 'root', source: 'd-n1-west' })).events).toHaveLength(2);
  });

  it('filters by time: after inclusive, before exclusive to the second; refuses a bad time with 400', async () => {
    const now = new Date(server.sim.control.now());
    expect((await events({ before: '2000-01-01Z' })).events).toEqual([]);
    expect((await events({ after: new Date(now.getTime() + 3_600_000).toISOString() })).events).toEqual([]);
    expect((await events({ after: '2000-01-01' })).events.length).toBeGreaterThan(0);
    const bad = await server.client.get(withQuery(eventsHref, { after: 'yesterday' }));
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/after/);
    expect((await server.client.get(withQuery(eventsHref, { top: '0' }))).status).toBe(400);
  });

  it('attributes an override by REST to the operator, or to the requested_by cardholder', async () => {
    await server.client.post('/api/doors/d-cp-gate/open');
    await server.client.post('/api/doors/d-cp-gate/open?requested_by=ch-guard');
    const page = await events({ source: 'd-cp-gate', type: '20060' });
    expect(page.events.map((e) => e.operator?.name)).toEqual(['Workstation, Desk', expect.stringContaining(',')]);
    expect(page.events[1]!.operator!.name).not.toBe('Workstation, Desk');
    // Spec §Events 2: with requested_by the operator is mentioned in the details.
    const delegated = (await server.client.get(withQuery(page.events[1]!.href as string, { fields: 'details' }))).json;
    expect(delegated.details).toContain('Workstation, Desk');
  });

  it('long-polls updates: at once when events arrived after the position, else waits, then answers empty', async () => {
    const page = await events({ source: 'd-plant' });
    const waiting = server.client.get(page.updates.href);
    setTimeout(() => server.sim.control.raiseAlarm({ kind: 'external', source: 'd-plant', priority: 1, message: 'arrived' }), 50);
    const woken = (await waiting).json;
    expect(woken.events.map((e: EventJson) => e.message)).toEqual(['arrived']);
    const quiet = (await server.client.get(withQuery(woken.updates.href, { deadline: '1' }))).json;
    expect(quiet.events).toEqual([]);
    expect(quiet.updates.href).not.toContain('deadline');
  });

  it('adds eventType (8.90) and per-event bookmarks (8.70) only through fields', async () => {
    const page = await events({ source: 'd-plant', fields: 'id,eventType,next,updates' });
    const e = page.events[0]!;
    expect(Object.keys(e).sort()).toEqual(['eventType', 'id', 'next', 'updates']);
    expect(e.eventType).toEqual({ id: '20080', name: 'External alarm' });
    expect((await events({ source: 'd-plant' })).events[0]!.eventType).toBeUndefined();
  });

  it('serves one event by its href with details, and the event groups with their types', async () => {
    const page = await events({ source: 'd-plant' });
    const one = (await server.client.get(page.events[0]!.href as string)).json;
    expect(one).toMatchObject({ id: page.events[0]!.id, details: 'arrived' });
    const groups = (await server.client.get(await feature(server.client, 'events', 'eventGroups'))).json.eventGroups;
    const doors = groups.find((g: { name: string }) => g.name === 'Door alarms');
    expect(doors.eventTypes.map((t: { name: string }) => t.name)).toEqual(['Door forced open', 'Door open too long']);
  });
});

describe('events: versions', () => {
  const server = simulatorForTheseTests({ version: '8.60', statusFetchMs: 10, updatesTimeoutMs: 400 });

  it('at 8.60 refuses type=hasLocation, ignores relatedItem and gives no eventType or per-event links', async () => {
    server.sim.control.raiseAlarm({ kind: 'external', source: 'd-plant', priority: 1 });
    expect((await server.client.get('/api/events?type=hasLocation')).status).toBe(400);
    expect((await server.client.get('/api/events?relatedItem=nothing-here')).json.events.length).toBeGreaterThan(0);
    const e = (await server.client.get('/api/events?fields=id,eventType,next')).json.events[0];
    expect(e).toEqual({ id: expect.any(String) });
  });
});
