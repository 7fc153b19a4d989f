import type { ConnectionState, ItemLiveness, ItemStatus } from '../../../shared/domain';
import type { LivenessBook } from '../monitor/liveness';

/** What a board part carries beside its items, looked up item by item (never the whole board built to answer one part). */
export interface ItemLookup {
  status(href: string): ItemStatus | undefined;
  /** The item's liveness when it is stale, else undefined. */
  staleness(href: string): ItemLiveness | undefined;
}

/** What a board.get page carries beside its items: their statuses and liveness, and the connection. */
export interface BoardLookup extends ItemLookup {
  connection: ConnectionState;
}

/** Nothing held: the lookup of an empty board. */
export const NOTHING_HELD: ItemLookup = { status: () => undefined, staleness: () => undefined };

/** What the live session holds: the latest statuses and the liveness book. */
export function liveHeld(statuses: ReadonlyMap<string, ItemStatus>, liveness: LivenessBook): ItemLookup {
  return {
    status: (href) => statuses.get(href),
    staleness: (href) => {
      const item = liveness.get(href);
      return item?.state === 'stale' ? item : undefined;
    },
  };
}

/** The live session's lookup: what it holds, with the stale count as of now. */
export function liveLookup(connection: ConnectionState, statuses: ReadonlyMap<string, ItemStatus>, liveness: LivenessBook): BoardLookup {
  return { connection: { ...connection, staleItems: liveness.staleCount }, ...liveHeld(statuses, liveness) };
}
