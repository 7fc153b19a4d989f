import type { AlarmSummary } from '../../../../shared/contract/alarms';

/** Each alarm's time read once: the order compares it many times (a sort of 10,000 alarms, a binary search per change). */
const readTimes = new WeakMap<Pick<AlarmSummary, 'time'>, number>();

/**
 * The queue's order: the highest priority first (9 before 0); within one priority the OLDEST first,
 * because the alarm that has waited longest is the one a guard works next (a console's queue, not a
 * news feed). The id settles ties so the order never flickers between two equal alarms.
 */
export function queueOrder(a: AlarmSummary, b: AlarmSummary): number {
  return b.priority - a.priority || raisedAt(a) - raisedAt(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** When the server raised the alarm, in ms; a time the desk cannot read sorts last within its priority. */
export function raisedAt(alarm: Pick<AlarmSummary, 'time'>): number {
  let ms = readTimes.get(alarm);
  if (ms === undefined) {
    ms = Date.parse(alarm.time);
    if (Number.isNaN(ms)) ms = Number.MAX_SAFE_INTEGER;
    readTimes.set(alarm, ms);
  }
  return ms;
}
