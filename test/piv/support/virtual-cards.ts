import type { PivReaderService } from '../../../electron/core/piv/reader-service';
import { VpcdLink, type VirtualPivCard } from '../../../electron/simulator/piv-card/index';
import type { RunningStack } from './pcsc-stack';

/** Bounded waits for PC/SC to see a card change (vpcd is polled every few hundred ms). */
const PRESENCE_TIMEOUT_MS = 10_000;

export interface InsertedCard {
  link: VpcdLink;
  reader: string;
  /** Pulls the card and waits until PC/SC has seen it go. */
  remove(): Promise<void>;
}

/** Puts a virtual card into the stack's vpcd reader `slot` and waits until PC/SC reports it present. */
export async function insertCard(stack: RunningStack, service: PivReaderService, card: VirtualPivCard, slot: 0 | 1 = 0): Promise<InsertedCard> {
  const { port, name } = stack.readers[slot]!;
  const link = await VpcdLink.insert(card, { port });
  await service.waitForCard(name, PRESENCE_TIMEOUT_MS);
  return { link, reader: name, remove: () => removeCard(service, link, name) };
}

export async function removeCard(service: PivReaderService, link: VpcdLink, reader: string): Promise<void> {
  const gone = new Promise<void>((resolve, reject) => {
    if (!service.listReaders().find((r) => r.name === reader)?.cardPresent) return resolve();
    const timer = setTimeout(() => reject(new Error(`PC/SC did not see the card leave ${reader}`)), PRESENCE_TIMEOUT_MS);
    const stop = service.onEvent((e) => {
      if (e.type === 'card-removed' && e.reader.name === reader) {
        clearTimeout(timer);
        stop();
        resolve();
      }
    });
  });
  await link.remove();
  await gone;
}
