import type { Operator } from '../auth/operator';
import { eventGroups } from '../events/event-kinds';
import type { ServerEventRecord } from '../events/journal';
import type { Exchange } from '../http/exchange';
import type { World } from '../model/world';
import { VIEW_EVENTS } from './alarm-representation';
import { EVENTS_LICENCE_REFUSAL } from './alarms';
import { FILTER_PARAMS, readEventQuery } from './event-filter';
import { representEvent, type EventPositionLinks } from './event-representation';
import { parseFields } from './fields';
import type { Links } from './links';

export interface EventsContext {
  world: World;
  links: Links;
  operator: Operator;
  /** Default wait of an updates call without `deadline` (the site's hold, shorter in tests). */
  holdMs: number;
}

/**
 * The events controller (cc_rest.yaml tag Events): search, updates long-poll, one event, the groups.
 * Positions (`pos`) are arrival positions; every link carries the caller's filters, never `deadline`.
 */
export async function serveEvents(exchange: Exchange, ctx: EventsContext, rest: string[]): Promise<void> {
  if (!ctx.world.hasLicence('RESTEvents')) return exchange.error(403, EVENTS_LICENCE_REFUSAL);
  if (exchange.method !== 'GET') return exchange.error(405, 'Method not allowed');
  if (rest.length === 0) return serveSearch(exchange, ctx);
  if (rest.length === 1 && rest[0] === 'updates') return serveUpdates(exchange, ctx);
  if (rest.length === 1 && rest[0] === 'groups') {
    return exchange.json(200, {
      eventGroups: eventGroups().map((g) => ({ id: g.id, name: g.name, eventTypes: g.types.map((t) => ({ id: t.typeId, name: t.name })) })),
    });
  }
  if (rest.length === 1) {
    const seq = /^\d+$/.test(rest[0]!) ? Number(rest[0]) : NaN;
    const event = Number.isNaN(seq) ? undefined : ctx.world.journal.get(seq);
    if (!event || !ctx.operator.can(VIEW_EVENTS, event.division)) return exchange.error(404, 'Not found');
    return exchange.json(200, representEvent(event, 'detail', parseFields(exchange.url.searchParams.get('fields')), ctx.world, ctx.links));
  }
  return exchange.error(404, 'Not found');
}

/** `GET /api/events`: from `pos` forward (oldest first from the start), or with `previous=true` the newest before `pos`. */
function serveSearch(exchange: Exchange, ctx: EventsContext): void {
  const q = exchange.url.searchParams;
  const query = readEventQuery(q, ctx.world, ctx.operator);
  if ('refusal' in query) return exchange.error(400, query.refusal);
  const journal = ctx.world.journal;
  const backwards = q.get('previous')?.toLowerCase() === 'true';
  const pos = readPos(q.get('pos'));
  const events = backwards
    ? journal.before(pos ?? Number.POSITIVE_INFINITY, query.top, query.keep)
    : journal.after(pos ?? 0, query.top, query.keep);
  const first = events[0]?.seq ?? (backwards ? Math.min(pos ?? journal.lastSeq + 1, journal.lastSeq + 1) : (pos ?? 0) + 1);
  const last = events[events.length - 1]?.seq ?? first - 1;
  reply(exchange, ctx, events, first, last);
}

/**
 * `GET /api/events/updates`: events after `pos` (from now without one); none yet: wait for one that
 * passes the filters, or `deadline` seconds (default the site's hold), then answer what there is.
 */
async function serveUpdates(exchange: Exchange, ctx: EventsContext): Promise<void> {
  const q = exchange.url.searchParams;
  const query = readEventQuery(q, ctx.world, ctx.operator);
  if ('refusal' in query) return exchange.error(400, query.refusal);
  const deadlineText = q.get('deadline');
  const seconds = deadlineText === null ? undefined : Number(deadlineText);
  if (seconds !== undefined && (!Number.isInteger(seconds) || seconds < 1 || seconds > 86_400)) {
    return exchange.error(400, 'deadline must be a whole number of seconds from 1 to 86400');
  }
  const journal = ctx.world.journal;
  const pos = readPos(q.get('pos')) ?? journal.lastSeq;
  const until = Date.now() + (seconds !== undefined ? seconds * 1000 : ctx.holdMs);
  const abort = new AbortController();
  exchange.onAbort(() => abort.abort());
  let events = journal.after(pos, query.top, query.keep);
  let scanned = journal.lastSeq;
  while (events.length === 0 && Date.now() < until) {
    const outcome = await journal.feed.wait(until - Date.now(), abort.signal);
    if (outcome === 'stopped' || exchange.done) return;
    events = journal.after(pos, query.top, query.keep);
    scanned = journal.lastSeq;
  }
  // Nothing passed the filters up to `scanned`: the next call need not look at those events again.
  const last = events[events.length - 1]?.seq ?? Math.max(pos, scanned);
  reply(exchange, ctx, events, events[0]?.seq ?? pos + 1, last);
}

function reply(exchange: Exchange, ctx: EventsContext, events: ServerEventRecord[], first: number, last: number): void {
  const q = exchange.url.searchParams;
  const fields = parseFields(q.get('fields'));
  const position = (e: ServerEventRecord): EventPositionLinks => positionLinks(q, ctx.links, e.seq, e.seq);
  const around = positionLinks(q, ctx.links, first, last);
  exchange.json(200, {
    events: events.map((e) => representEvent(e, 'summary', fields, ctx.world, ctx.links, position)),
    previous: { href: around.previous },
    next: { href: around.next },
    updates: { href: around.updates },
  });
}

/** The three links at a position: previous before `first`, next and updates after `last`, the filters kept. */
function positionLinks(q: URLSearchParams, links: Links, first: number, last: number): EventPositionLinks {
  const kept = new URLSearchParams();
  for (const name of FILTER_PARAMS) {
    const value = q.get(name);
    if (value !== null) kept.set(name, value);
  }
  const at = (path: string, pos: number, previous = false) => {
    const p = new URLSearchParams(kept);
    if (previous) p.set('previous', 'true');
    p.set('pos', String(Math.max(0, pos)));
    return `${links.href(path)}?${p.toString()}`;
  };
  return { previous: at('/api/events', first, true), next: at('/api/events', last), updates: at('/api/events/updates', last) };
}

function readPos(text: string | null): number | undefined {
  if (text === null || !/^\d+$/.test(text)) return undefined;
  return Number(text);
}
