import type { AlarmFeed, AlarmState } from '../../../../shared/contract/alarms';
import { ago, clockTimeSeconds } from '../../lib/time/age';

export const STATE_WORDS: Record<AlarmState, string> = {
  unacknowledged: 'Unacknowledged',
  acknowledged: 'Acknowledged',
  processed: 'Processed',
};

/** How long an alarm has waited, to the second for the first minute: "42 s", "4 min", "2 h 5 min", "3 days". */
export function waited(sinceMs: number, nowMs: number): string {
  const seconds = Math.floor(Math.max(0, nowMs - sinceMs) / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day' : `${days} days`;
}

/** The queue's freshness when not live: "as of 14:03:27 (4 min ago)". */
export function queueAsOf(heardAt: number, nowMs: number): string {
  return `as of ${clockTimeSeconds(heardAt)} (${ago(heardAt, nowMs)})`;
}

/**
 * Why the operator cannot act on alarms now, or undefined when they can. Actions go to the server
 * at once or not at all: never queued for later.
 */
export function actionsOffReason(feed: AlarmFeed, linkOpen: boolean): string | undefined {
  if (!linkOpen) return 'Not connected to Gatehouse: actions return once the desk is back.';
  if (feed.source === 'unlicensed') return 'This site has no alarm licence (RESTEvents).';
  if (feed.source === 'none') return 'No site is open.';
  if (!feed.live) return `Not live${feed.reason ? `: ${feed.reason}` : ''}. Actions return once the server answers; nothing is queued.`;
  return undefined;
}
