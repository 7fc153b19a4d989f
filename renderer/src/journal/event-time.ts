import { clockTimeSeconds } from '../lib/time/age';

/** An event's time as a row shows it: "27 Nov 09:16:12" in the desk's time zone (24-hour, to the second). */
export function eventTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })} ${clockTimeSeconds(d.getTime())}`;
}
