import { clockTime } from '../../../../shared/words/desk-time';

// One format for every time on screen (shared/words/desk-time.ts); re-exported where screens look for it.
export { clockTime, clockTimeSeconds, deskDate, deskDateTime, deskMoment, isoWords, waitedFor } from '../../../../shared/words/desk-time';

/** How long ago, coarse enough to read at a glance: "just now", "4 min ago", "2 h 5 min ago", "3 days ago". */
export function ago(thenMs: number, nowMs: number): string {
  const minutes = Math.floor(Math.max(0, nowMs - thenMs) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min ago` : `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** A status's age for a tile when the desk is not live: "as of 12:03, 4 min ago". */
export function asOf(thenMs: number, nowMs: number): string {
  return `as of ${clockTime(thenMs)}, ${ago(thenMs, nowMs)}`;
}

/** Whole seconds until a moment, never negative: for "next try in N s". */
export function secondsUntil(atMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((atMs - nowMs) / 1000));
}
