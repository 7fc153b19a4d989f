import type { ItemLiveness, ItemStatus } from '../../../../shared/domain';
import { asOf, clockTime } from '../../lib/time/age';

/**
 * What a tile says when it is not live. A stale item says when the desk last heard about it (not when
 * the item last changed: a door closed all night was still heard from) and why it is stale; a tile
 * that is muted only because the whole connection is down says how old its status is.
 */
export function staleText(liveness: ItemLiveness | undefined, status: ItemStatus | undefined, now: number): string {
  if (liveness) {
    const heard = liveness.lastHeardAt === undefined ? 'never heard from' : `last heard ${clockTime(liveness.lastHeardAt)}`;
    return liveness.reason ? `${heard} — ${liveness.reason}` : heard;
  }
  return status ? asOf(status.receivedAt, now) : 'never reported';
}
