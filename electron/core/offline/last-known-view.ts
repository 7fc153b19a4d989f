import type { BoardItem, ConnectionState, ItemLiveness, ItemStatus } from '../../../shared/domain';
import type { BoardLookup } from '../board/board-lookup';
import type { LastKnownBoard } from './state-sink';

export const lastKnownCommandReason = 'Not connected: this is the last-known state. Commands return once the server answers.';

/** One list for every stale item, so packing the board finds it by identity; nothing changes a board's items. */
const noCommands: string[] = [];

/**
 * The last-known board as the desk serves it before the server answers: every item stale, with when
 * it was last heard of, and no command that can be sent (each offer kept, with the reason said once per item).
 */
function staleBoard(known: LastKnownBoard, since: number): { items: BoardItem[]; statuses: ItemStatus[]; liveness: ItemLiveness[] } {
  const receivedAt = new Map(known.statuses.map((s) => [s.href, s.receivedAt]));
  const items = known.items.map((item) => ({ ...item, commands: noCommands, commandsUnavailable: lastKnownCommandReason }));
  const liveness = known.items.map((item): ItemLiveness => {
    const lastHeardAt = receivedAt.get(item.href) ?? known.savedAt;
    return {
      href: item.href,
      state: 'stale',
      since,
      lastHeardAt,
      // The tile shows when ("as of 14:02, 3 h ago", in the desk's time zone) from `lastHeardAt`.
      reason: 'Last-known state: the server has not answered since this desk started',
    };
  });
  return { items, statuses: known.statuses, liveness };
}

/** The items the server's fresh board gives back, live again. */
export function liveAgain(items: readonly BoardItem[], now: number): ItemLiveness[] {
  return items.map((item) => ({ href: item.href, state: 'live', since: now, lastHeardAt: now }));
}

type StaleBoard = ReturnType<typeof staleBoard>;

/** The last-known board while a session shows it, until the server's own board takes its place. */
export class LastKnownShown {
  readonly board: StaleBoard;
  #lookup: BoardLookup | undefined;

  constructor(known: LastKnownBoard, since: number) {
    this.board = staleBoard(known, since);
  }

  /** Board parts from it, looked up by href (built once while it is shown). */
  lookup(connection: () => ConnectionState): BoardLookup {
    return (this.#lookup ??= lastKnownLookup(this.board, connection));
  }
}

function lastKnownLookup(board: StaleBoard, connection: () => ConnectionState): BoardLookup {
  const statuses = new Map(board.statuses.map((s) => [s.href, s]));
  const liveness = new Map(board.liveness.map((l) => [l.href, l]));
  return {
    get connection() {
      return connection();
    },
    status: (href) => statuses.get(href),
    staleness: (href) => liveness.get(href),
  };
}
