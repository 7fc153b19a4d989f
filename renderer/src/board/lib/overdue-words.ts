import type { OverdueVisitor } from '../../../../shared/contract/reception';

/** "5 min" / "1 h 20 min": how long past the visit's end, never negative. */
export function overdueFor(until: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(until)) / 60_000));
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** What the strip's entry says under the visitor's name: overdue, how long, and their host. */
export function overdueReason(visitor: Pick<OverdueVisitor, 'until' | 'host'>, now: number): string {
  return `Visitor overdue ${overdueFor(visitor.until, now)}${visitor.host ? ` · host ${visitor.host}` : ''}`;
}
