import type { EventName, EventPayload } from '../../shared/contract';

type Listener<K extends EventName> = (payload: EventPayload<K>) => void;

/**
 * Most entries one status event carries: about a screen's worth. A site-wide change (every door going
 * offline at once) arrives as several events, so the renderer never parses or renders one huge batch.
 */
export const EVENT_CHUNK_ENTRIES = 500;

/** Events that are deltas: splitting one into parts means the same as sending it whole. */
const CHUNKED: ReadonlySet<EventName> = new Set<EventName>(['status.delta', 'status.liveness']);

/** Typed fan-out of contract events to every transport attached to the desk. */
export class ContractEvents {
  private readonly listeners = new Map<EventName, Set<Listener<EventName>>>();

  on<K extends EventName>(name: K, listener: Listener<K>): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(listener as Listener<EventName>);
    return () => set.delete(listener as Listener<EventName>);
  }

  emit<K extends EventName>(name: K, payload: EventPayload<K>): void {
    if (CHUNKED.has(name) && Array.isArray(payload) && payload.length > EVENT_CHUNK_ENTRIES) {
      for (let at = 0; at < payload.length; at += EVENT_CHUNK_ENTRIES) {
        this.deliver(name, payload.slice(at, at + EVENT_CHUNK_ENTRIES) as EventPayload<K>);
      }
      return;
    }
    this.deliver(name, payload);
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
