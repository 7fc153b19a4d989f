import type { Operator } from '../auth/operator';
import { EVENT_KINDS } from '../events/event-kinds';
import type { ServerEventRecord } from '../events/journal';
import type { World } from '../model/world';
import { VIEW_EVENTS } from './alarm-representation';

/** The filter parameters an events search or updates call takes, kept in the links it hands out. */
export const FILTER_PARAMS = ['top', 'after', 'before', 'source', 'type', 'group', 'cardholder', 'division', 'directDivision', 'relatedItem', 'fields'];

export interface EventQuery {
  top: number;
  keep: (e: ServerEventRecord) => boolean;
}

const list = (value: string | null) => (value === null ? undefined : value.split(',').map((s) => s.trim()).filter(Boolean));

/**
 * Reads an events query (cc_rest.yaml /api/events): `top` 1–10,000 (default 1,000), `after`/`before`
 * (extended ISO 8601; `before` excludes its own second), `source`, `type` ORed with `group`,
 * `cardholder`, `division` (with descendants), `directDivision` (9.20), `relatedItem` (8.70) and
 * `type=hasLocation` (9.00; refused before). Parameters a version does not know are ignored, as a
 * server ignores any unknown parameter. Only events the operator may see pass.
 */
export function readEventQuery(params: URLSearchParams, world: World, operator: Operator): EventQuery | { refusal: string } {
  const v = world.version;
  const topText = params.get('top');
  const top = topText === null ? 1_000 : Number(topText);
  if (!Number.isInteger(top) || top < 1 || top > 10_000) return { refusal: 'top must be a whole number from 1 to 10000' };
  const after = readTime(params.get('after'), 'after');
  if (typeof after === 'string') return { refusal: after };
  const before = readTime(params.get('before'), 'before');
  if (typeof before === 'string') return { refusal: before };

  const types = new Set(list(params.get('type')) ?? []);
  if (types.has('hasLocation')) {
    if (v.before('9.00')) return { refusal: 'type=hasLocation is not known to this server version' };
    types.delete('hasLocation');
    for (const k of Object.values(EVENT_KINDS)) if (k.hasLocation) types.add(k.typeId);
  }
  const groups = new Set(list(params.get('group')) ?? []);
  const typed = types.size > 0 || groups.size > 0;
  const sources = list(params.get('source'));
  const cardholders = list(params.get('cardholder'));
  const divisions = list(params.get('division'));
  const under = divisions ? new Set(divisions.flatMap((d) => (world.divisions.has(d) ? [...world.divisions.subtree(d)] : []))) : undefined;
  const direct = v.atLeast('9.20') ? list(params.get('directDivision')) : undefined;
  const related = v.atLeast('8.70') ? list(params.get('relatedItem')) : undefined;

  const keep = (e: ServerEventRecord): boolean => {
    if (!operator.can(VIEW_EVENTS, e.division)) return false;
    if (after !== undefined && e.time < after) return false;
    if (before !== undefined && Math.floor(e.time / 1000) * 1000 >= before) return false;
    if (typed && !types.has(e.kind.typeId) && !groups.has(e.kind.group.id)) return false;
    if (sources && !sources.includes(e.source.id)) return false;
    if (cardholders && !(e.cardholder && cardholders.includes(e.cardholder.id))) return false;
    if (under && !under.has(e.division)) return false;
    if (direct && !direct.includes(e.division)) return false;
    if (related && !relatedIds(e).some((id) => related.includes(id))) return false;
    return true;
  };
  return { top, keep };
}

function relatedIds(e: ServerEventRecord): string[] {
  return [e.source, e.cardholder, e.operator, e.door, e.entryAccessZone, e.exitAccessZone].flatMap((i) => (i ? [i.id] : []));
}

/**
 * The vendor's time stamps: a date, optionally `T` and hours:minutes[:seconds[.fraction]], optionally a
 * zone (`Z`, `+hh`, `+hhmm`, `+hh:mm`). No time is midnight; no seconds the top of the minute; no zone
 * is taken as UTC here (the vendor says the server's own zone applies: use a zone).
 */
export function readTime(text: string | null, name: string): number | undefined | string {
  if (text === null) return undefined;
  const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2})(:\d{2}(?:\.\d+)?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/.exec(text.trim());
  if (!m) return `${name} must be an ISO 8601 date or date-time such as 2026-01-31T08:00:00Z`;
  let zone = m[4] ?? 'Z';
  if (/^[+-]\d{2}$/.test(zone)) zone += ':00';
  else if (/^[+-]\d{4}$/.test(zone)) zone = `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const ms = Date.parse(`${m[1]}T${m[2] ?? '00:00'}${m[3] ?? ':00'}${zone}`);
  return Number.isNaN(ms) ? `${name} is not a real date and time` : ms;
}
