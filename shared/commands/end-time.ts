import type { Checked } from './checked';

const MINUTE_MS = 60_000;
const MAX_AHEAD_MS = 24 * 60 * MINUTE_MS;

/**
 * The server turns an end time into a duration when the request arrives, so it is not accurate to
 * the second and the desk's clock may differ a little from the server's: an end time right at either
 * limit could be refused there. Gatehouse keeps this margin inside both limits.
 */
export const END_TIME_MARGIN_MS = MINUTE_MS;

/** An ISO 8601 date-time with an explicit zone: without one, the time would depend on the desk's zone. */
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Checks an override's end time before sending (docs/server-interface.md §Limits: not in the past, at most 24 hours ahead).
 * Gives the ISO 8601 string to send, or a reason an operator can read.
 */
export function checkEndTime(endTime: Date | string, now: Date): Checked<string> {
  const end = toDate(endTime);
  if (!end.ok) return end;
  const ahead = end.value.getTime() - now.getTime();
  if (ahead <= 0) return refuse('The end time has already passed. Choose a time in the future.');
  if (ahead < END_TIME_MARGIN_MS) {
    return refuse('The end time is less than a minute away, so the server could find it already passed. Choose a later time.');
  }
  if (ahead > MAX_AHEAD_MS - END_TIME_MARGIN_MS) {
    return refuse('The end time is more than 24 hours ahead. The server accepts end times up to 24 hours from now.');
  }
  return { ok: true, value: end.value.toISOString() };
}

function toDate(endTime: Date | string): Checked<Date> {
  if (typeof endTime === 'string' && !ISO_WITH_ZONE.test(endTime)) {
    return refuse(`The end time "${endTime}" is not a date and time with a time zone (for example 2026-11-21T18:00:00Z).`);
  }
  const date = new Date(endTime);
  if (Number.isNaN(date.getTime())) return refuse('The end time is not a valid date and time.');
  return { ok: true, value: date };
}

function refuse(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}
