import type { TodaysVisits, VisitRow, VisitorRow } from '../../../shared/contract/reception';
import { VisitorState } from '../../../shared/contract/reception';
import type { ServerReception, ServerVisit } from '../api/visits';

/** A visitor no longer expected on site: past the visit's end, these are not overdue. */
const GONE = new Set(['departed', 'cancelled']);

/**
 * The day's visits of one reception, by start time: every visit at that reception whose time overlaps
 * the desk's calendar day, its visitors' states, and who is overdue (past `until`, not departed).
 */
export function todaysVisits(reception: ServerReception, visits: readonly ServerVisit[], now: number, statesOffered: boolean): TodaysVisits {
  const today = isToday(now);
  const rows = visits
    .filter((v) => v.reception?.href === reception.href)
    .filter(today)
    .map((v) => visitRow(v, now))
    .sort((a, b) => (a.from ?? '').localeCompare(b.from ?? '') || a.name.localeCompare(b.name));
  return { reception: { href: reception.href, name: reception.name }, visits: rows, at: now, statesOffered };
}

/** Whether a visit's time overlaps the desk's calendar day of `now` (a visit with no end runs on). */
export function isToday(now: number): (visit: Pick<ServerVisit, 'from' | 'until'>) => boolean {
  const start = new Date(now);
  start.setHours(0, 0, 0, 0);
  const end = new Date(start);
  end.setDate(end.getDate() + 1);
  return (v) => {
    const from = v.from ? Date.parse(v.from) : Number.NEGATIVE_INFINITY;
    const until = v.until ? Date.parse(v.until) : Number.POSITIVE_INFINITY;
    return from < end.getTime() && until > start.getTime();
  };
}

function visitRow(v: ServerVisit, now: number): VisitRow {
  const ended = v.until !== undefined && Date.parse(v.until) < now;
  const visitors = v.visitors.map((x): VisitorRow => {
    const state = VisitorState.safeParse(x.status?.type);
    return {
      ...(x.href ? { href: x.href } : {}),
      cardholderHref: x.cardholder.href,
      name: personName(x.cardholder.name),
      ...(state.success ? { state: state.data } : {}),
      overdue: ended && state.success && !GONE.has(state.data),
    };
  });
  return {
    href: v.href,
    name: v.name,
    ...(v.description ? { description: v.description } : {}),
    ...(v.host ? { host: { href: v.host.href, name: personName(v.host.name) } } : {}),
    ...(v.from ? { from: v.from } : {}),
    ...(v.until ? { until: v.until } : {}),
    ...(v.location ? { location: v.location } : {}),
    visitors,
  };
}

/** The server names people "Last, First"; the desk says "First Last". */
export function personName(name: string | undefined): string {
  if (!name) return '(no name)';
  const at = name.indexOf(', ');
  return at > 0 ? `${name.slice(at + 2)} ${name.slice(0, at)}`.trim() : name;
}
