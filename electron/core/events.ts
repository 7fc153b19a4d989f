import type { EventName, EventPayload } from '../../shared/contract';
import type { BoardItem } from '../../shared/domain';
import { NOTHING_HELD, type ItemLookup } from './board/board-lookup';
import { PublishedBoard } from './board/board-parts';

/** The events `emit` sends: every one but board.items, which leaves main only through `publishBoard`. */
export type EmitEventName = Exclude<EventName, 'board.items'>;

type Listener<K extends EventName> = (payload: EventPayload<K>) => void;

/**
 * Most entries one status event carries: about a screen's worth. A site-wide change (every door going
 * offline at once) arrives as several events, so the renderer never parses or renders one huge batch.
 */
export const EVENT_CHUNK_ENTRIES = 500;

/** Events that are deltas: splitting one into parts means the same as sending it whole. */
const CHUNKED: ReadonlySet<EventName> = new Set<EventName>(['status.delta', 'status.liveness']);

/** One of the desk's own parts that follows whole boards: the list, and what main holds of its items now. */
type BoardListener = (items: readonly BoardItem[], held: ItemLookup) => void;

/**
 * Typed fan-out of contract events to every transport attached to the desk. The board's items are
 * published whole (`publishBoard`) and leave as numbered parts of one generation, each with its items'
 * statuses and liveness; the desk's own parts that need the whole list listen with `onBoard`, and read
 * a new board's statuses there, as they do not come again as status.delta.
 */
export class ContractEvents {
  private readonly listeners = new Map<EventName, Set<Listener<EventName>>>();
  private readonly boardListeners = new Set<BoardListener>();
  /** The items last published and their generation, which board.get pages through. */
  readonly board = new PublishedBoard();

  on<K extends EventName>(name: K, listener: Listener<K>): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(listener as Listener<EventName>);
    return () => set.delete(listener as Listener<EventName>);
  }

  /** Every whole list of board items published from now on (not the parts the transports carry). */
  onBoard(listener: BoardListener): () => void {
    this.boardListeners.add(listener);
    return () => this.boardListeners.delete(listener);
  }

  emit<K extends EmitEventName>(name: K, payload: EventPayload<K>): void {
    if (CHUNKED.has(name) && Array.isArray(payload) && payload.length > EVENT_CHUNK_ENTRIES) {
      for (let at = 0; at < payload.length; at += EVENT_CHUNK_ENTRIES) {
        this.deliver(name, payload.slice(at, at + EVENT_CHUNK_ENTRIES) as EventPayload<K>);
      }
      return;
    }
    this.deliver(name, payload as EventPayload<K>);
  }

  /**
   * A whole list of board items: a new generation, sent in parts of at most BOARD_PART_ITEMS, each
   * with its items' statuses and liveness as `held` gives them now. The transports hear it first: the
   * page is waiting for it, and the desk's own listeners are not.
   */
  publishBoard(items: readonly BoardItem[], held: ItemLookup): void {
    this.board.publish(items);
    // With no transport listening (a host starting before any page opened) nothing is packed now.
    if (this.listeners.get('board.items')?.size) for (const part of this.board.parts(held)) this.deliver('board.items', part);
    for (const listener of this.boardListeners) listener(items, held);
  }

  /** An empty board: a site being switched, or a desk starting. */
  clearBoard(): void {
    this.publishBoard([], NOTHING_HELD);
  }

  private deliver<K extends EventName>(name: K, payload: EventPayload<K>): void {
    for (const listener of this.listeners.get(name) ?? []) {
      // One broken subscriber (a dead socket) must not stop the others hearing the news.
      try {
        listener(payload);
      } catch {
        /* the transport reports its own failures */
      }
    }
  }
}
