import { z } from 'zod';
import { DeskError } from '../../../shared/errors';
import type { Discovery } from './discovery';
import type { QueryValue } from './links';
import { Link } from './schemas';
import type { Transport } from './transport';

/**
 * The server's event journal (RESTEvents licence): `features.events.events`, `.updates`, `.eventGroups`.
 * docs/server-interface.md §Events says how the desk uses it; the shapes below are the vendor's
 * (cc_rest.yaml EventSearch, EventSummary, EventGroups), with only what the desk reads required.
 */

const IdName = z.object({ id: z.string().optional(), name: z.string().optional(), href: z.string().optional() });

/** cc_rest.yaml EventSummary: one event as `/events` and `/events/updates` list it. */
export const EventSummary = z.object({
  href: z.string().optional(),
  id: z.string(),
  time: z.string(),
  message: z.string().default(''),
  /** cc_rest.yaml: 9 is critical, 0 is not an event. */
  priority: z.number().int().min(0).max(9).default(0),
  source: IdName.optional(),
  type: IdName.optional(),
  /** 8.90: the same as `type`, only through `fields`. */
  eventType: IdName.optional(),
  group: IdName.optional(),
  cardholder: IdName.optional(),
  operator: IdName.optional(),
  alarm: z.object({ state: z.enum(['unacknowledged', 'acknowledged', 'processed']), href: z.string().optional() }).optional(),
});
export type EventSummary = z.infer<typeof EventSummary>;

/** cc_rest.yaml EventSearch: a page of events (in arrival order) and where to go from here. */
export const EventSearch = z.object({
  events: z.array(EventSummary),
  next: Link.optional(),
  previous: Link.optional(),
  updates: Link.optional(),
});
export type EventSearch = z.infer<typeof EventSearch>;

/** cc_rest.yaml EventGroups: about 150 groups, each with its event types. */
export const EventGroupsAnswer = z.object({
  eventGroups: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      eventTypes: z.array(z.object({ id: z.string(), name: z.string(), href: z.string().optional() })).default([]),
    }),
  ),
});
export type EventGroupsAnswer = z.infer<typeof EventGroupsAnswer>;

/** The event search's documented parameters (cc_rest.yaml `GET /api/events`). Lists go comma-separated. */
export interface EventQuery {
  top?: number;
  /** At or after this time (ISO 8601). */
  after?: string;
  /** Strictly before this time, to the second. */
  before?: string;
  source?: readonly string[];
  /** ORed with `group` by the server. */
  type?: readonly string[];
  group?: readonly string[];
  cardholder?: readonly string[];
  /** The newest events rather than the oldest (each page still in arrival order). */
  previous?: boolean;
}

/** How long the server may hold an updates call (`deadline`, seconds): about as long as its own default. */
export const EVENT_UPDATES_DEADLINE_S = 30;

export const EVENTS_LINK = 'events.events';
export const EVENT_UPDATES_LINK = 'events.updates';
export const EVENT_GROUPS_LINK = 'events.eventGroups';

/** The link the server gives for events, or a licence error in words. */
export function eventsLink(discovery: Discovery, name: string = EVENTS_LINK): string {
  const href = discovery.links.get(name);
  if (!href) throw new DeskError('licence', `This server offers no event journal (the RESTEvents licence is not on this site, or version ${discovery.version} lacks it)`);
  return href;
}

export function eventQuery(query: EventQuery): Record<string, QueryValue> {
  const list = (values: readonly string[] | undefined) => (values && values.length > 0 ? values.join(',') : undefined);
  return {
    top: query.top,
    after: query.after,
    before: query.before,
    source: list(query.source),
    type: list(query.type),
    group: list(query.group),
    cardholder: list(query.cardholder),
    previous: query.previous ? 'true' : undefined,
  };
}

/** One page of the search (`GET events`), with the desk's parameters. */
export function searchEvents(transport: Transport, discovery: Discovery, query: EventQuery, signal?: AbortSignal): Promise<EventSearch> {
  return transport.getJson(eventsLink(discovery), EventSearch, 'Event journal', { query: eventQuery(query), signal });
}

/** Follows a `next` or `previous` link as the server gave it (it carries the filters and the bookmark). */
export function followEvents(transport: Transport, href: string, signal?: AbortSignal): Promise<EventSearch> {
  return transport.getJson(href, EventSearch, 'Event journal', { signal });
}

/**
 * One long-poll of `updates`: answers at once when events arrived after the bookmark in `href`, else
 * after `deadline` seconds with none. The server drops `deadline` from the links it returns, so it is
 * added to every call (cc_rest.yaml EventSearch.updates).
 */
export function eventUpdates(transport: Transport, href: string, signal?: AbortSignal, deadlineS = EVENT_UPDATES_DEADLINE_S): Promise<EventSearch> {
  return transport.getJson(href, EventSearch, 'Event journal updates', {
    query: { deadline: deadlineS },
    signal,
    watch: true,
    timeoutMs: (deadlineS + 15) * 1000,
  });
}

/** `GET events/groups`: the groups with their event types, for the journal's filters. */
export function eventGroups(transport: Transport, discovery: Discovery, signal?: AbortSignal): Promise<EventGroupsAnswer> {
  return transport.getJson(eventsLink(discovery, EVENT_GROUPS_LINK), EventGroupsAnswer, 'Event groups', { signal });
}
