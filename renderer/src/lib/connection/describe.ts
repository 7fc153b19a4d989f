import type { ConnectionPhase, ConnectionState } from '../../../../shared/domain';
import type { LinkState } from '../desk/link';
import { clockTime, clockTimeSeconds, secondsUntil } from '../time/age';

/** What the connection bar shows: one phase for the whole path window → main → server. */
export interface ConnectionView {
  phase: ConnectionPhase;
  headline: string;
  /** Why, in words, when not connected. */
  detail?: string;
  /**
   * True when the board as a whole is current: every tile shows its age otherwise. Items the desk is
   * not hearing about are each that item's problem (its own tile, and `notLiveItems`), not the board's.
   */
  live: boolean;
  /** Items not live while the board is (connected): counted on the bar, each muted on its own tile. */
  notLiveItems: number;
  /** While connected to a slow server: what the bar's badge says (the board stays live). */
  slow?: string;
}

/**
 * The site as the guard knows it: "the demo site", or the server's host name (its address's scheme and
 * port say nothing to a guard; Settings shows the whole address).
 */
export function siteWords(server: Pick<ConnectionState, 'origin' | 'demo'>): string {
  if (server.demo) return 'the demo site';
  try {
    return new URL(server.origin).hostname.replace(/^\[|\]$/g, '') || server.origin;
  } catch {
    return server.origin;
  }
}

function retryWords(nextAttemptAt: number | undefined, now: number): string {
  const seconds = nextAttemptAt === undefined ? 0 : secondsUntil(nextAttemptAt, now);
  // Once the moment has come the attempt is under way; "next try in 0 s" would look stuck.
  return seconds > 0 ? `next try in ${seconds} s` : 'trying now…';
}

function retryHeadline(nextAttemptAt: number | undefined, now: number): string {
  return `Reconnecting — ${retryWords(nextAttemptAt, now)}`;
}

/**
 * The link between this window and main comes first (without it nothing on screen can be current),
 * then main's own connection to the access-control server.
 */
export function describeConnection(
  server: ConnectionState | undefined,
  link: LinkState,
  now: number,
  /** False from a link drop until main has told this window its state again: what it said before may be stale. */
  serverCurrent = true,
): ConnectionView {
  if (link.phase === 'connecting') return { phase: 'connecting', headline: 'Connecting to Gatehouse…', live: false, notLiveItems: 0 };
  if (link.phase === 'reconnecting') {
    const detail = `${link.reason ?? 'Lost the link to the Gatehouse host'} (since ${clockTime(link.since)})`;
    return { phase: 'reconnecting', headline: retryHeadline(link.nextAttemptAt, now), detail, live: false, notLiveItems: 0 };
  }
  if (!server || !serverCurrent) return { phase: 'connecting', headline: 'Loading the board…', live: false, notLiveItems: 0 };

  const reason = server.reason;
  switch (server.phase) {
    case 'connecting':
      return { phase: 'connecting', headline: `Connecting to ${siteWords(server)}…`, detail: reason, live: false, notLiveItems: 0 };
    case 'connected': {
      // Connected is not "every item current": items whose watcher fails or is overdue are counted,
      // and each is muted on its own tile; the rest of the board is live.
      const notLiveItems = server.staleItems;
      const items = notLiveItems === 1 ? '1 item' : `${notLiveItems} items`;
      // The count goes on the bar's badge beside the headline.
      const headline = `Connected to ${siteWords(server)}`;
      // Slow is not down: a badge says how slow, in the warning colour, and the board stays live.
      const slow = server.slowMs === undefined ? undefined : `Slow server: about ${Math.max(1, Math.round(server.slowMs / 1000))} s an answer`;
      // A reason while connected is a warning worth seeing (the slowness's own words go on the badge).
      const notLiveWords = notLiveItems > 0 ? `The desk is not hearing from the server about ${items}; each says why on its tile.` : undefined;
      const detail = slow ? notLiveWords : (reason ?? notLiveWords);
      return { phase: 'connected', headline, ...(detail ? { detail } : {}), live: true, notLiveItems, ...(slow ? { slow } : {}) };
    }
    case 'reconnecting':
      return {
        phase: 'reconnecting',
        // Short, so it reads at a glance from across the desk; why and what next follow it.
        headline: `Not live since ${clockTimeSeconds(server.since)}`,
        detail: `${reason ?? 'Lost the connection to the server'} — reconnecting, ${retryWords(server.nextAttemptAt, now)}`,
        live: false,
        notLiveItems: 0,
      };
    case 'offline': {
      // Offline waits for the operator; a refused key alone is tried again, once, at a stated time.
      const retry = server.nextAttemptAt === undefined ? '' : ` One more attempt at ${clockTime(server.nextAttemptAt)}.`;
      const detail = reason === undefined ? retry.trim() || undefined : `${reason}${retry}`;
      return { phase: 'offline', headline: `Offline since ${clockTime(server.since)}`, detail, live: false, notLiveItems: 0 };
    }
  }
}
