import type { ItemLiveness, ItemStatus } from '../../../../shared/domain';
import { asOf, clockTime, clockTimeSeconds } from '../../lib/time/age';

/**
 * What a tile says when it is not live: since when, to the second, and why; when the desk last heard
 * about the item where that is earlier (not when the item last changed: a door closed all night was
 * still heard from). A tile muted only because the whole connection is down says how old its status is.
 */
export function staleText(liveness: ItemLiveness | undefined, status: ItemStatus | undefined, now: number): string {
  if (liveness) {
    const since = `not live since ${clockTimeSeconds(liveness.since)}`;
    const last = liveness.lastHeardAt;
    // When it was last heard from, only where that says more than "since" (a last-known board, an item
    // silent long before): within the minute before, the since time says it.
    const heard = last === undefined ? `${since}, never heard from` : liveness.since - last > 60_000 ? `${since}, last heard ${clockTime(last)}` : since;
    return liveness.reason ? `${heard} — ${liveness.reason}` : heard;
  }
  return status ? asOf(status.receivedAt, now) : 'never reported';
}
