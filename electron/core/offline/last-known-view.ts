import type { BoardItem, ConnectionState, ItemLiveness, ItemStatus } from '../../../shared/domain';
import type { BoardLookup, ItemLookup } from '../board/board-lookup';
import type { LastKnownBoard } from './state-sink';

export const lastKnownCommandReason = 'Not connected: this is the last-known state. Commands return once the server answers.';

/**
 * The last-known board as the desk serves it before the server answers: every item stale, with when
 * it was last heard of, and no command that can be sent. The items are as stored, their offers kept:
 * their liveness says why none can be sent (once per item), so when the server's board is the same
 * board, going live is a liveness change and the page keeps the items it has.
 */
function staleBoard(known: LastKnownBoard, since: number): { items: BoardItem[]; statuses: ItemStatus[]; liveness: ItemLiveness[] } {
  const receivedAt = new Map(known.statuses.map((s) => [s.href, s.receivedAt]));
  const liveness = known.items.map((item): ItemLiveness => {
    const lastHeardAt = receivedAt.get(item.href) ?? known.savedAt;
    return {
      href: item.href,
      state: 'stale',
      since,
      lastHeardAt,
      // The tile shows when ("as of 14:02, 3 h ago", in the desk's time zone) from `lastHeardAt`.
      reason: 'Last-known state: the server has not answered since this desk started',
      commandsUnavailable: lastKnownCommandReason,
    };
  });
  return { items: known.items, statuses: known.statuses, liveness };
}

/** The items the server's fresh board gives back, live again. */
export function liveAgain(items: readonly BoardItem[], now: number): ItemLiveness[] {
  return items.map((item) => ({ href: item.href, state: 'live', since: now, lastHeardAt: now }));
}

type StaleBoard = ReturnType<typeof staleBoard>;

/** The last-known board while a session shows it, until the server's own board takes its place. */
export class LastKnownShown {
  readonly board: StaleBoard;
  /** The stored items' digest, when they were read whole as the server gave them. */
  readonly digest: string | undefined;
  #held: ItemLookup | undefined;

  constructor(known: LastKnownBoard, since: number) {
    this.board = staleBoard(known, since);
    this.digest = known.digest;
  }

  /** Each item's stored status and stale liveness, looked up by href (built once while it is shown). */
  get held(): ItemLookup {
    return (this.#held ??= heldOf(this.board));
  }

  /** Board pages from it, with the connection as it is when each is made. */
  lookup(connection: () => ConnectionState): BoardLookup {
    const { status, staleness } = this.held;
    return {
      get connection() {
        return connection();
      },
      status,
      staleness,
    };
  }
}

function heldOf(board: StaleBoard): ItemLookup {
  const statuses = new Map(board.statuses.map((s) => [s.href, s]));
  const liveness = new Map(board.liveness.map((l) => [l.href, l]));
  return { status: (href) => statuses.get(href), staleness: (href) => liveness.get(href) };
}
