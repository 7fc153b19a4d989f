import type { ServerEventRecord } from '../events/journal';
import type { World } from '../model/world';
import { cardholderBlock, isoTime, itemBlock } from './event-items';
import type { FieldRequest } from './fields';
import type { Links } from './links';

/** cc_rest.yaml EventSummary: the fields a search gives without `fields`. */
const SUMMARY_DEFAULTS = ['href', 'id', 'time', 'message', 'priority', 'alarm', 'operator', 'source', 'group', 'type', 'division',
  'cardholder', 'entryAccessZone', 'exitAccessZone', 'door', 'card'];
const DETAIL_DEFAULTS = [...SUMMARY_DEFAULTS, 'details'];

/** Links a single event carries when asked (8.70): where a reader stands after this event. */
export interface EventPositionLinks {
  next: string;
  previous: string;
  updates: string;
}

/**
 * One event as the events controller gives it. `eventType` (8.90), `details` on a summary (8.20) and
 * the per-event `next`/`previous`/`updates` bookmarks (8.70) come only through `fields`, where the
 * version has them; `fields` itself is honoured from 8.40 (cc_rest.yaml eventfields).
 */
export function representEvent(
  e: ServerEventRecord,
  view: 'summary' | 'detail',
  fields: FieldRequest | undefined,
  world: World,
  links: Links,
  position?: (e: ServerEventRecord) => EventPositionLinks,
): Record<string, unknown> {
  const v = world.version;
  const zone = (z: ServerEventRecord['entryAccessZone']) => (z ? { href: links.item('access_zones', z.id), name: z.name, id: z.id } : undefined);
  const source: Record<string, () => unknown> = {
    href: () => links.href(`/api/events/${e.id}`),
    id: () => e.id,
    time: () => isoTime(e.time),
    message: () => e.message,
    priority: () => e.priority,
    alarm: () => (e.alarm ? { state: e.alarm.state, href: links.href(`/api/alarms/${e.id}`) } : undefined),
    operator: () => (e.operator ? { href: links.cardholder(e.operator.id), name: e.operator.name } : undefined),
    source: () => itemBlock(e.source, links),
    group: () => ({ id: e.kind.group.id, name: e.kind.group.name }),
    type: () => ({ id: e.kind.typeId, name: e.kind.name }),
    eventType: () => (v.atLeast('8.90') ? { id: e.kind.typeId, name: e.kind.name } : undefined),
    division: () => ({ id: e.division, href: links.division(e.division), name: world.divisions.get(e.division)?.name }),
    cardholder: () => (e.cardholder ? cardholderBlock(e.cardholder, links) : undefined),
    entryAccessZone: () => zone(e.entryAccessZone),
    exitAccessZone: () => zone(e.exitAccessZone),
    door: () => (e.door ? { href: links.item('doors', e.door.id), name: e.door.name } : undefined),
    card: () => e.card,
    details: () => (view === 'detail' || v.atLeast('8.20') ? (e.details ?? e.message) : undefined),
    next: () => (position && v.atLeast('8.70') ? { href: position(e).next } : undefined),
    previous: () => (position && v.atLeast('8.70') ? { href: position(e).previous } : undefined),
    updates: () => (position && v.atLeast('8.70') ? { href: position(e).updates } : undefined),
  };
  const request = v.atLeast('8.40') ? fields : undefined;
  const defaults = view === 'detail' ? DETAIL_DEFAULTS : SUMMARY_DEFAULTS;
  const wanted = new Set<string>(request ? request.names : defaults);
  if (request?.defaults) for (const f of defaults) wanted.add(f);
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(source)) {
    if (!wanted.has(name)) continue;
    const value = source[name]!();
    if (value !== undefined) out[name] = value;
  }
  return out;
}
