/** The spec's rule for override end times: not in the past and not more than 24 hours ahead. */
export const MAX_AHEAD_MS = 24 * 60 * 60 * 1000;

export const END_TIME_PRESETS = [
  { label: '15 min', ms: 15 * 60 * 1000 },
  { label: '1 h', ms: 60 * 60 * 1000 },
  { label: '4 h', ms: 4 * 60 * 60 * 1000 },
] as const;

/** Why an end time would be refused, in words, or undefined when it may be sent. */
export function endTimeProblem(endMs: number, nowMs: number): string | undefined {
  if (!Number.isFinite(endMs)) return 'Choose an end time';
  if (endMs <= nowMs) return 'That time has already passed';
  if (endMs - nowMs > MAX_AHEAD_MS) return 'More than 24 hours ahead: the server only accepts end times within 24 hours';
  return undefined;
}

/** The value of a `datetime-local` input (local time, no zone) as ms since the epoch; NaN when empty or bad. */
export function parseLocalDateTime(value: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return NaN;
  const [y, mo, d, h, mi] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  const s = match[6] ? Number(match[6]) : 0;
  const date = new Date(y, mo - 1, d, h, mi, s);
  // Reject dates the Date constructor silently rolls over (e.g. 31 February).
  return date.getMonth() === mo - 1 && date.getDate() === d ? date.getTime() : NaN;
}

/** A moment as a `datetime-local` input value in local time, to the minute. */
export function toLocalDateTime(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}
