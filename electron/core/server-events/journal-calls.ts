import { z } from 'zod';
import type { alarmCalls, EventFilter, EventGroups, EventPage } from '../../../shared/contract/alarms';
import { DeskError } from '../../../shared/errors';
import type { Discovery } from '../api/discovery';
import { eventGroups as readGroups, eventsLink, followEvents, searchEvents, type EventQuery, type EventSearch } from '../api/server-events';
import type { Transport } from '../api/transport';
import { journalCsv } from './journal-csv';
import { itemFinder, toServerEvent } from './event-mapping';
import type { JournalSite } from './journal-site';

/** `events.list`'s params as checked against the contract (its `limit` defaulted). */
export type ListEventsParams = z.output<(typeof alarmCalls)['events.list']['params']>;
export type EventsCsv = z.output<(typeof alarmCalls)['events.exportCsv']['result']>;

/** Most events one CSV export carries: a year of a busy door is far less; a whole site's history is a server report. */
export const EXPORT_MAX_EVENTS = 20_000;
const EXPORT_PAGE = 1_000;

/**
 * The journal's contract calls (`events.list`, `events.groups`, `events.exportCsv`). `site` is the
 * desk's current site session; each call reads through its connection and is refused while it is not
 * connected.
 */
export async function listEvents(site: JournalSite, params: ListEventsParams): Promise<EventPage> {
  const { older, limit, ...filter } = params;
  const page = await site.read(async (transport, discovery) => {
    if (older) return followEvents(transport, olderHref(discovery, older));
    return searchEvents(transport, discovery, { ...(await serverQuery(transport, site, filter)), top: limit, previous: true });
  });
  const items = itemFinder(site.items());
  return {
    // The server lists each page in arrival order; the journal shows the newest first.
    events: page.events.map((event) => toServerEvent(event, items)).reverse(),
    ...(page.previous && page.events.length > 0 ? { older: page.previous.href } : {}),
  };
}

export async function eventGroups(site: JournalSite): Promise<EventGroups> {
  const answer = await site.read((transport, discovery) => readGroups(transport, discovery));
  return answer.eventGroups.map((group) => ({ id: group.id, name: group.name, types: group.eventTypes.map(({ id, name }) => ({ id, name })) }));
}

/** Every event matching the filter (newest first, at most EXPORT_MAX_EVENTS) as CSV, oldest first, as the audit log exports. */
export async function exportEventsCsv(site: JournalSite, filter: EventFilter): Promise<EventsCsv> {
  const pages: EventSearch['events'][] = [];
  let count = 0;
  await site.read(async (transport, discovery) => {
    let page = await searchEvents(transport, discovery, { ...(await serverQuery(transport, site, filter)), top: EXPORT_PAGE, previous: true });
    for (;;) {
      pages.push(page.events);
      count += page.events.length;
      if (!page.previous || page.events.length === 0 || count >= EXPORT_MAX_EVENTS) return;
      page = await followEvents(transport, page.previous.href);
    }
  });
  // Pages arrived newest page first, each in arrival order.
  const oldestFirst = pages.reverse().flat().slice(-EXPORT_MAX_EVENTS);
  const items = itemFinder(site.items());
  return journalCsv(oldestFirst.map((event) => toServerEvent(event, items)), filter);
}

/** The contract's filter in the server's terms: board item → its server id (`source`), cardholder href → its id. */
async function serverQuery(transport: Transport, site: JournalSite, filter: EventFilter): Promise<EventQuery> {
  const query: EventQuery = { after: filter.after, before: filter.before, type: filter.types, group: filter.groups };
  if (filter.itemHref) {
    const item = itemFinder(site.items()).byHref(filter.itemHref);
    if (!item) throw new DeskError('invalid-call', 'That item is not on this desk\'s board: its events cannot be listed');
    query.source = [item.id];
  }
  if (filter.cardholderHref) query.cardholder = [await cardholderId(transport, filter.cardholderHref)];
  return query;
}

const CardholderId = z.object({ id: z.string() });

/** The server filters by cardholder id; the desk knows cardholders by href (the search gave it), so it asks. */
async function cardholderId(transport: Transport, href: string): Promise<string> {
  const found = await transport.getJson(href, CardholderId, 'Cardholder for the event filter', { query: { fields: 'id' } });
  return found.id;
}

/** An `older` token is a `previous` link this desk was given: only the server's own event search is followed. */
function olderHref(discovery: Discovery, older: string): string {
  const events = new URL(eventsLink(discovery));
  let asked: URL;
  try {
    asked = new URL(older);
  } catch {
    throw new DeskError('invalid-call', 'The journal asked for older events with a link that is not one the server gave');
  }
  if (asked.origin !== events.origin || asked.pathname !== events.pathname) {
    throw new DeskError('invalid-call', 'The journal asked for older events with a link that is not one the server gave');
  }
  return older;
}
