import type { ReaderList } from '../../../shared/contract/enrolment';
import type { CardPresence } from './card-authenticator';

/**
 * Cards going in and out of readers, seen in the reader lists the desk already publishes
 * (`enrolment.readers`): a reader that had a card and now has none, or is gone, had its card taken out;
 * one that had none and now has one had a card put in. Each reader counts its insertions, which only a
 * person at the desk can make (on a real reader): the card PIN guard asks for a new one after wrong PINs.
 */
export function readerListPresence(subscribe: (listener: (list: ReaderList) => void) => () => void): CardPresence {
  const insertions = new Map<string, number>();
  let withCard = new Set<string>();
  const removedListeners = new Set<(reader: string) => void>();
  const insertedListeners = new Set<(reader: string) => void>();
  let stop: (() => void) | undefined;

  const follow = (list: ReaderList) => {
    const now = new Set(list.readers.filter((r) => r.cardPresent).map((r) => r.name));
    for (const name of withCard) if (!now.has(name)) for (const listener of [...removedListeners]) listener(name);
    for (const name of now) {
      if (withCard.has(name)) continue;
      insertions.set(name, (insertions.get(name) ?? 0) + 1);
      for (const listener of [...insertedListeners]) listener(name);
    }
    withCard = now;
  };
  const listen = <T>(set: Set<T>, listener: T): (() => void) => {
    stop ??= subscribe(follow);
    set.add(listener);
    return () => {
      set.delete(listener);
      if (removedListeners.size === 0 && insertedListeners.size === 0) {
        stop?.();
        stop = undefined;
      }
    };
  };
  return {
    onRemoved: (listener) => listen(removedListeners, listener),
    onInserted: (listener) => listen(insertedListeners, listener),
    insertion: (reader) => insertions.get(reader) ?? 0,
  };
}
