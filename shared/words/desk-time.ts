/**
 * Every time and date the guard reads, in one format: 24-hour clock times in the desk's own time zone
 * (no AM/PM to misread at night), and dates as the desk's locale writes them with the month in words
 * (so 03/04 is never read the wrong way round). Main and the renderer both run on the desk, so both
 * use this; the server's ISO 8601 times are turned into these words before a guard sees them.
 */

const two = (n: number) => String(n).padStart(2, '0');

/** HH:MM in the desk's local time zone. */
export function clockTime(ms: number): string {
  const d = new Date(ms);
  return `${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** HH:MM:SS: "not live since" must say which seconds the board missed. */
export function clockTimeSeconds(ms: number): string {
  return `${clockTime(ms)}:${two(new Date(ms).getSeconds())}`;
}

/** A date as the desk's locale writes it, the month in words: "29 Nov 2026" (en-GB), "Nov 29, 2026" (en-US). */
export function deskDate(ms: number, locale?: string): string {
  return new Date(ms).toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
}

/** A date and its 24-hour time: "29 Nov 2026 23:55". */
export function deskDateTime(ms: number, locale?: string): string {
  return `${deskDate(ms, locale)} ${clockTime(ms)}`;
}

/** A moment near now: the time alone today, with the date otherwise. */
export function deskMoment(ms: number, nowMs: number, locale?: string): string {
  return sameDay(ms, nowMs) ? clockTime(ms) : deskDateTime(ms, locale);
}

/**
 * A server's or a certificate's ISO 8601 time in the desk's words ("29 Nov 2026 23:55"); text that is
 * not a time is given back as it is, never hidden.
 */
export function isoWords(iso: string, locale?: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : deskDateTime(ms, locale);
}

/** How long something has waited, at a glance: "under a minute", "12 min", "2 h 05 min", "3 days 4 h". */
export function waitedFor(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${two(minutes % 60)} min`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'}${hours % 24 ? ` ${hours % 24} h` : ''}`;
}

function sameDay(a: number, b: number): boolean {
  const x = new Date(a);
  const y = new Date(b);
  return x.getFullYear() === y.getFullYear() && x.getMonth() === y.getMonth() && x.getDate() === y.getDate();
}
