import type { BoardItem, ItemLiveness, ItemStatus } from '../../../../shared/domain';
import { supersedes } from '../../board/lib/status-order';

/** The statuses and liveness the board holds once a whole board (read, or published by main) is taken in. */
export interface ReadOutcome {
  statuses: Map<string, ItemStatus>;
  /** Stale items only. */
  stale: Map<string, ItemLiveness>;
}

/**
 * What a whole board leaves: for its items, the newer of each status held and read (a delta may have
 * come while a read was under way), and its liveness with the liveness news since a read began applied
 * after it. Built whole, so the store swaps each map in at once.
 */
export function takeRead(
  held: ReadonlyMap<string, ItemStatus>,
  read: { items: readonly BoardItem[]; statuses: readonly ItemStatus[]; liveness: readonly ItemLiveness[] },
  livenessSince: readonly ItemLiveness[],
): ReadOutcome {
  const hrefs = new Set(read.items.map((i) => i.href));
  const statuses = new Map<string, ItemStatus>();
  for (const [href, status] of held) if (hrefs.has(href)) statuses.set(href, status);
  for (const status of read.statuses) if (supersedes(status, statuses.get(status.href))) statuses.set(status.href, status);
  const stale = new Map<string, ItemLiveness>();
  for (const change of [...read.liveness, ...livenessSince]) {
    if (change.state === 'stale') stale.set(change.href, change);
    else stale.delete(change.href);
  }
  return { statuses, stale };
}
