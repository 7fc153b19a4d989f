import type { ConnectionState, ItemLiveness, ItemStatus } from '../../../shared/domain';
import type { LivenessBook } from '../monitor/liveness';

/** What a board part carries beside its items, looked up item by item (never the whole board built to answer one part). */
export interface BoardLookup {
  connection: ConnectionState;
  status(href: string): ItemStatus | undefined;
  /** The item's liveness when it is stale, else undefined. */
  staleness(href: string): ItemLiveness | undefined;
}

/** The live session's lookup: the latest statuses and the liveness book, with the stale count as of now. */
export function liveLookup(connection: ConnectionState, statuses: ReadonlyMap<string, ItemStatus>, liveness: LivenessBook): BoardLookup {
  return {
    connection: { ...connection, staleItems: liveness.staleCount },
    status: (href) => statuses.get(href),
    staleness: (href) => {
      const item = liveness.get(href);
      return item?.state === 'stale' ? item : undefined;
    },
  };
}
