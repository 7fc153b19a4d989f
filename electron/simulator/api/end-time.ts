/** Longest a timed override may run (Limits: at most 24 hours ahead). */
const MAX_AHEAD_MS = 24 * 60 * 60_000;
/** End times are not accurate to the second; a little slack avoids refusing "now" sent a moment late. */
const PAST_SLACK_MS = 1_000;

/**
 * Checks an override end time: ISO 8601 with a time zone, not in the past, not more than 24 hours
 * ahead. Returns the end as epoch ms, or the reason it is refused. A blank string means no end time,
 * as the real server reads it (cc_rest.yaml: OverrideEndTime, "a blank string").
 */
export function readEndTime(value: unknown, now: number): { endAt: number | undefined } | { refusal: string } {
  if (typeof value !== 'string') return { refusal: 'endTime must be a string holding an ISO 8601 date-time' };
  if (value.trim() === '') return { endAt: undefined };
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value)) {
    return { refusal: `endTime "${value.slice(0, 40)}" is not an ISO 8601 date-time with a time zone` };
  }
  const endAt = Date.parse(value);
  if (Number.isNaN(endAt)) return { refusal: `endTime "${value.slice(0, 40)}" is not a valid date-time` };
  if (endAt < now - PAST_SLACK_MS) return { refusal: `endTime ${value} is in the past` };
  if (endAt > now + MAX_AHEAD_MS) return { refusal: `endTime ${value} is more than 24 hours ahead` };
  return { endAt };
}
