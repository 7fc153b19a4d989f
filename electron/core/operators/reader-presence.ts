import type { ReaderList } from '../../../shared/contract/enrolment';
import type { CardPresence } from './card-authenticator';

/**
 * Cards leaving readers, seen in the reader lists the desk already publishes (`enrolment.readers`):
 * a reader that had a card and now has none, or is gone, had its card taken out.
 */
export function readerListPresence(subscribe: (listener: (list: ReaderList) => void) => () => void): CardPresence {
  return {
    onRemoved(listener) {
      let withCard = new Set<string>();
      return subscribe((list) => {
        const now = new Set(list.readers.filter((r) => r.cardPresent).map((r) => r.name));
        for (const name of withCard) if (!now.has(name)) listener(name);
        withCard = now;
      });
    },
  };
}
