import { describe, expect, it } from 'vitest';
import { DeskError } from '../../../shared/errors';
import { exportEventsCsv, eventGroups, listEvents } from '../../../electron/core/server-events/journal-calls';
import { boardItem, event, fakeSite, ORIGIN } from './fake-site';

const door = boardItem('501', 'Front door');

describe('events.list in the server\'s terms', () => {
  it('asks for the newest events (previous=true, top=limit) and shows them newest first, linked to the board item', async () => {
    const { site, asked } = fakeSite(() => ({ events: [event('1'), event('2'), event('3')], previous: { href: `${ORIGIN}/api/events?previous=True&pos=1` } }), [door]);
    const page = await listEvents(site, { limit: 3 });
    expect(asked[0]!.pathname).toBe('/api/events');
    expect(asked[0]!.searchParams.get('previous')).toBe('true');
    expect(asked[0]!.searchParams.get('top')).toBe('3');
    expect(page.events.map((e) => e.id)).toEqual(['3', '2', '1']);
    expect(page.events[0]).toMatchObject({ type: 'Card access granted', group: 'Card Event', source: { name: 'Front door', itemHref: door.href } });
    expect(page.older).toBe(`${ORIGIN}/api/events?previous=True&pos=1`);
  });

  it('maps the item to its server id (source), groups and types, the time range and the cardholder by its id', async () => {
    const { site, asked } = fakeSite((url) => (url.pathname.startsWith('/api/cardholders') ? { id: '325' } : { events: [] }), [door]);
    const page = await listEvents(site, {
      limit: 50,
      itemHref: door.href,
      groups: ['101'],
      types: ['20001', '20002'],
      after: '2026-11-27T00:00:00Z',
      before: '2026-11-28T00:00:00Z',
      cardholderHref: `${ORIGIN}/api/cardholders/325`,
    });
    const search = asked.find((u) => u.pathname === '/api/events')!;
    expect(Object.fromEntries(search.searchParams)).toMatchObject({
      source: '501',
      group: '101',
      type: '20001,20002',
      after: '2026-11-27T00:00:00Z',
      before: '2026-11-28T00:00:00Z',
      cardholder: '325',
      previous: 'true',
      top: '50',
    });
    expect(asked.find((u) => u.pathname.startsWith('/api/cardholders'))!.searchParams.get('fields')).toBe('id');
    // An empty page is the start of the journal: nothing older to ask for.
    expect(page.older).toBeUndefined();
  });

  it('follows an older token only when it is the server\'s own event search', async () => {
    const older = `${ORIGIN}/api/events?previous=True&pos=40`;
    const { site, asked } = fakeSite(() => ({ events: [event('4')] }), [door]);
    await listEvents(site, { limit: 200, older });
    expect(asked[0]!.href).toBe(older);
    await expect(listEvents(site, { limit: 200, older: `${ORIGIN}/api/cardholders/325` })).rejects.toThrow(/not one the server gave/);
    await expect(listEvents(site, { limit: 200, older: 'https://elsewhere.test/api/events?pos=1' })).rejects.toThrow(/not one the server gave/);
  });

  it('refuses an item the board does not hold, in words', async () => {
    const { site } = fakeSite(() => ({ events: [] }), [door]);
    const refusal = listEvents(site, { limit: 10, itemHref: `${ORIGIN}/api/doors/999` });
    await expect(refusal).rejects.toBeInstanceOf(DeskError);
    await expect(refusal).rejects.toThrow(/not on this desk's board/);
  });

  it('without the RESTEvents licence says so', async () => {
    const { site } = fakeSite(() => ({ events: [] }));
    (site as { read: unknown }).read = async (reader: (t: unknown, d: unknown) => unknown) => reader({}, { version: '9.40', links: new Map() });
    await expect(listEvents(site, { limit: 10 })).rejects.toThrow(/RESTEvents/);
  });
});

describe('events.groups', () => {
  it('lists each group with its types', async () => {
    const { site } = fakeSite(() => ({ eventGroups: [{ id: '101', name: 'Card Event', eventTypes: [{ id: '20001', name: 'Card access granted', href: `${ORIGIN}/api/events/types/20001` }] }] }));
    expect(await eventGroups(site)).toEqual([{ id: '101', name: 'Card Event', types: [{ id: '20001', name: 'Card access granted' }] }]);
  });
});

describe('events.exportCsv', () => {
  it('pages back through previous links to the start, writes oldest first, guards formulas, as the audit CSV does', async () => {
    const pages: Record<string, unknown> = {
      first: { events: [event('3'), event('4', { message: '=HYPERLINK("x")' })], previous: { href: `${ORIGIN}/api/events?previous=True&pos=3` } },
      '3': { events: [event('1'), event('2', { message: 'held, "open"' })], previous: { href: `${ORIGIN}/api/events?previous=True&pos=1` } },
      '1': { events: [], previous: { href: `${ORIGIN}/api/events?previous=True&pos=0` } },
    };
    const { site, asked } = fakeSite((url) => pages[url.searchParams.get('pos') ?? 'first']);
    const file = await exportEventsCsv(site, { after: '2026-11-27T00:00:00Z' });
    expect(asked).toHaveLength(3);
    expect(file.rows).toBe(4);
    expect(file.fileName).toBe('gatehouse-events_2026-11-27_to_' + new Date().toISOString().slice(0, 10) + '.csv');
    expect(file.csv.startsWith('\uFEFF')).toBe(true);
    const lines = file.csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('time,priority,type,group,source,message,cardholder,operator,alarm state,event id');
    expect(lines.slice(1, 5).map((l) => l.split(',').at(-1))).toEqual(['1', '2', '3', '4']);
    expect(lines[2]).toContain('"held, ""open"""');
    expect(lines[4]).toContain(`"'=HYPERLINK(""x"")"`);
  });
});
