import type { EventName, EventPayload } from '../../shared/contract';
import type { BoardItem } from '../../shared/domain';
import { PublishedBoard } from './board/board-parts';

type Listener<K extends EventName> = (payload: EventPayload<K>) => void;

/**
 * Most entries one status event carries: about a screen's worth. A site-wide change (every door going
 * offline at once) arrives as several events, so the renderer never parses or renders one huge batch.
 */
export const EVENT_CHUNK_ENTRIES = 500;

/** Events that are deltas: splitting one into parts means the same as sending it whole. */
const CHUNKED: ReadonlySet<EventName> = new Set<EventName>(['status.delta', 'status.liveness']);

/**
 * Typed fan-out of contract events to every transport attached to the desk. The board's items are
 * published whole (`emit('board.items', list)`) and leave as numbered parts of one generation; the
 * desk's own parts that need the whole list listen with `onBoard`.
 */
export class ContractEvents {
  private readonly listeners = new Map<EventName, Set<Listener<EventName>>>();
  private readonly boardListeners = new Set<(items: readonly BoardItem[]) => void>();
  /** The items last published and their generation, which board.get pages through. */
  readonly board = new PublishedBoard();

  on<K extends EventName>(name: K, listener: Listener<K>): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(listener as Listener<EventName>);
    return () => set.delete(listener as Listener<EventName>);
  }

  /** Every whole list of board items published from now on (not the parts the transports carry). */
  onBoard(listener: (items: readonly BoardItem[]) => void): () => void {
    this.boardListeners.add(listener);
    return () => this.boardListeners.delete(listener);
  }

  /** A whole list of board items: a new generation, sent in parts of at most BOARD_PART_ITEMS. */
  emit(name: 'board.items', items: readonly BoardItem[]): void;
  emit<K extends EventName>(name: K, payload: EventPayload<K>): void;
  emit<K extends EventName>(name: K, payload: EventPayload<K> | readonly BoardItem[]): void {
    if (name === 'board.items' && Array.isArray(payload)) return this.publishBoard(payload as unknown as readonly BoardItem[]);
    if (CHUNKED.has(name) && Array.isArray(payload) && payload.length > EVENT_CHUNK_ENTRIES) {
      for (let at = 0; at < payload.length; at += EVENT_CHUNK_ENTRIES) {
        this.deliver(name, payload.slice(at, at + EVENT_CHUNK_ENTRIES) as EventPayload<K>);
      }
      return;
    }
    this.deliver(name, payload as EventPayload<K>);
  }

  private publishBoard(items: readonly BoardItem[]): void {
    this.board.publish(items);
    for (const listener of this.boardListeners) listener(items);
    // With no transport listening (a host starting before any page opened) nothing is packed now.
    if (this.listeners.get('board.items')?.size) for (const part of this.board.parts()) this.deliver('board.items', part);
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
