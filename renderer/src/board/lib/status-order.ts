import type { ItemStatus } from '../../../../shared/domain';

/**
 * Whether an incoming status should replace the one held: a delta can cross a board.get on the wire,
 * and an older status must never overwrite a newer one.
 */
export function supersedes(incoming: ItemStatus, held: ItemStatus | undefined): boolean {
  return held === undefined || incoming.receivedAt >= held.receivedAt;
}
