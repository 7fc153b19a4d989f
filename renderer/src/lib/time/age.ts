/** Clock time as HH:MM in the desk's local time zone (24-hour: no AM/PM to misread at night). */
export function clockTime(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** Clock time to the second, HH:MM:SS: "not live since" must say which seconds the board missed. */
export function clockTimeSeconds(ms: number): string {
  return `${clockTime(ms)}:${String(new Date(ms).getSeconds()).padStart(2, '0')}`;
}

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
