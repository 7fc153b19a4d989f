import type { EventName, EventPayload } from '../../shared/contract';

type Listener<K extends EventName> = (payload: EventPayload<K>) => void;

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
