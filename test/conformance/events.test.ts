import { beforeAll, expect, it } from 'vitest';
import { eventDetail, eventGroups, eventSearch } from './support/event-schemas';
import { describeAtVersions } from './support/site-at-version';
import { expectConforms } from './support/strict-schema';

/** cc_rest.yaml: eventfields, less the personal data field. */
const EVENT_FIELDS = ['details', 'href', 'id', 'serverDisplayName', 'time', 'message', 'occurrences', 'priority', 'alarm', 'operator',
  'source', 'group', 'type', 'eventType', 'division', 'cardholder', 'entryAccessZone', 'exitAccessZone', 'door', 'accessGroup', 'card',
  'modifiedItem', 'lastOccurrenceTime', 'previous', 'next', 'updates', 'location'];

describeAtVersions('events (cc_rest.yaml: /api/events)', (site) => {
  beforeAll(async () => {
    const { sim, client } = site();
    sim.control.raiseAlarm({ kind: 'accessGranted', source: 'd-lobby-main', cardholder: 'ch-guard' });
    sim.control.raiseAlarm({ kind: 'forcedDoor', source: 'd-n1-east' });
    await client.post('/api/doors/d-cp-gate/open');
  });

  const search = async (query: Record<string, string> = {}) => {
    const href = await site().feature('events', 'events');
    if (!href) throw new Error('GET /api has no features.events.events');
    const reply = await site().get(href, query);
    expect(reply.status).toBe(200);
    return reply.json as { events: { href: string }[]; updates: { href: string } };
  };

  it('the search answers in the vendor EventSearch shape, with the default fields and with every field', async () => {
    const page = await search();
    expectConforms(eventSearch, page, `GET events at ${site().version}`);
    expect(page.events.length).toBeGreaterThanOrEqual(3);
    expectConforms(eventSearch, await search({ fields: EVENT_FIELDS.join(',') }), `GET events with every field at ${site().version}`);
    expectConforms(eventSearch, await search({ previous: 'true', top: '2' }), `GET events newest first at ${site().version}`);
  });

  it('each event\'s detail answers in the vendor EventDetail shape', async () => {
    for (const { href } of (await search()).events) {
      const reply = await site().get(href);
      expect(reply.status).toBe(200);
      expectConforms(eventDetail, reply.json, `${href} at ${site().version}`);
    }
  });

  it('the updates call answers in the vendor EventSearch shape, empty after its deadline', async () => {
    const { updates } = await search();
    const reply = await site().get(updates.href, { deadline: '1' });
    expect(reply.status).toBe(200);
    expectConforms(eventSearch, reply.json, `event updates at ${site().version}`);
    expect(reply.json.events).toEqual([]);
  });

  it('the groups answer in the vendor EventGroups shape', async () => {
    const reply = await site().get((await site().feature('events', 'eventGroups'))!);
    expect(reply.status).toBe(200);
    expectConforms(eventGroups, reply.json, `event groups at ${site().version}`);
  });
});
