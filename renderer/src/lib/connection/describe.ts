import type { ConnectionPhase, ConnectionState } from '../../../../shared/domain';
import type { LinkState } from '../desk/link';
import { clockTime, secondsUntil } from '../time/age';

/** What the connection bar shows: one phase for the whole path window → main → server. */
export interface ConnectionView {
  phase: ConnectionPhase;
  headline: string;
  /** Why, in words, when not connected. */
  detail?: string;
  /** True only when statuses on screen are current: every tile shows its age otherwise. */
  live: boolean;
}

function retryHeadline(nextAttemptAt: number | undefined, now: number): string {
  const seconds = nextAttemptAt === undefined ? 0 : secondsUntil(nextAttemptAt, now);
  // Once the moment has come the attempt is under way; "next try in 0 s" would look stuck.
  return seconds > 0 ? `Reconnecting — next try in ${seconds} s` : 'Reconnecting — trying now…';
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
  if (link.phase === 'connecting') return { phase: 'connecting', headline: 'Connecting to Gatehouse…', live: false };
  if (link.phase === 'reconnecting') {
    const detail = `${link.reason ?? 'Lost the link to the Gatehouse host'} (since ${clockTime(link.since)})`;
    return { phase: 'reconnecting', headline: retryHeadline(link.nextAttemptAt, now), detail, live: false };
  }
  if (!server || !serverCurrent) return { phase: 'connecting', headline: 'Loading the board…', live: false };

  const reason = server.reason;
  switch (server.phase) {
    case 'connecting':
      return { phase: 'connecting', headline: `Connecting to ${server.origin}…`, detail: reason, live: false };
    case 'connected':
      // Connected is not "everything current": items whose watcher fails or is overdue are counted.
      if (server.staleItems > 0) {
        const items = server.staleItems === 1 ? '1 item' : `${server.staleItems} items`;
        return {
          phase: 'connected',
          headline: `Connected to ${server.origin} — ${items} not live`,
          detail: `The desk is not hearing from the server about ${items}; each says why on its tile.`,
          live: false,
        };
      }
      // A reason while connected is a warning worth seeing (a server answering slowly).
      return { phase: 'connected', headline: `Connected to ${server.origin}`, ...(reason ? { detail: reason } : {}), live: true };
    case 'reconnecting':
      return {
        phase: 'reconnecting',
        headline: retryHeadline(server.nextAttemptAt, now),
        detail: `${reason ?? 'Lost the connection to the server'} (since ${clockTime(server.since)})`,
        live: false,
      };
    case 'offline': {
      // Offline waits for the operator; a refused key alone is tried again, once, at a stated time.
      const retry = server.nextAttemptAt === undefined ? '' : ` One more attempt at ${clockTime(server.nextAttemptAt)}.`;
      const detail = reason === undefined ? retry.trim() || undefined : `${reason}${retry}`;
      return { phase: 'offline', headline: `Offline since ${clockTime(server.since)}`, detail, live: false };
    }
  }
}
