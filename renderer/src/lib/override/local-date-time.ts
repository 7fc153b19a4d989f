/**
 * A day and time on the desk's wall clock ("2026-11-21T13:15", no zone), as the override dialog
 * composes its end time; these convert it to and from a moment. The end-time rules themselves are
 * shared/commands' checkEndTime.
 */

/** The wall-clock value as ms since the epoch; NaN when empty, malformed or a date that does not exist. */
export function parseLocalDateTime(value: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return NaN;
  const [y, mo, d, h, mi] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  const s = match[6] ? Number(match[6]) : 0;
  const date = new Date(y, mo - 1, d, h, mi, s);
  // Reject dates the Date constructor silently rolls over (e.g. 31 February).
  return date.getMonth() === mo - 1 && date.getDate() === d ? date.getTime() : NaN;
}

/** A moment as a wall-clock value in local time, to the minute. */
export function toLocalDateTime(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}
