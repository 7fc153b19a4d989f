import type { PivCardRead } from '../../../shared/piv/card-read';
import type { CardChannel } from '../../../shared/piv/card/card-objects';
import type { CardKind } from '../../../shared/piv/fascn-number';
import { PivError } from '../../../shared/piv/card/errors';
import { toHex } from '../../../shared/piv/card/hex';
import { readPivCard, type ReadPivCardOptions } from '../../core/piv/read-card';
import type { PivCardReader, ReaderEvent, ReaderInfo } from '../../core/piv/reader-service';
import type { VirtualCardOptions } from '../../simulator/piv-card/card-profile';
import { inProcessChannel } from '../../simulator/piv-card/in-process-channel';
import { VirtualPivCard } from '../../simulator/piv-card/virtual-piv-card';

/**
 * The demo site's card reader: one reader with no hardware behind it, into which the demo (or a test)
 * puts virtual PIV and PIV-I cards. It has the same surface as the PC/SC reader service, so the
 * enrolment flow runs unchanged on the demo site; reads go through the real PIV reading code.
 */
export class DemoPivReader implements PivCardReader {
  static readonly READER_NAME = 'Gatehouse demo reader';

  private card: VirtualPivCard | null = null;
  private readonly listeners = new Set<(event: ReaderEvent) => void>();

  /** Issues a fresh virtual card of `kind` and inserts it, replacing any card already there. */
  async insertNewCard(kind: CardKind, options: Omit<VirtualCardOptions, 'kind'> = {}): Promise<VirtualPivCard> {
    // The card issuer (certificates, signatures) loads with the first demo card, not with every desk.
    const { issueVirtualCard } = await import('../../simulator/piv-card/card-profile');
    const card = new VirtualPivCard(await issueVirtualCard({ ...options, kind }));
    this.insert(card);
    return card;
  }

  insert(card: VirtualPivCard): void {
    if (this.card) this.remove();
    this.card = card;
    this.emit({ type: 'card-inserted', reader: this.info() });
  }

  remove(): void {
    if (!this.card) return;
    this.card = null;
    this.emit({ type: 'card-removed', reader: this.info() });
  }

  listReaders(): ReaderInfo[] {
    return [this.info()];
  }

  onEvent(listener: (event: ReaderEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  waitForCard(readerName: string | undefined, timeoutMs: number): Promise<ReaderInfo> {
    this.checkName(readerName);
    if (this.card) return Promise.resolve(this.info());
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new PivError('no-card', `No card was inserted in ${DemoPivReader.READER_NAME} within ${timeoutMs} ms`));
      }, timeoutMs);
      const stop = this.onEvent((event) => {
        if (event.type !== 'card-inserted') return;
        clearTimeout(timer);
        stop();
        resolve(event.reader);
      });
    });
  }

  async readCard(readerName: string | undefined, options: Omit<ReadPivCardOptions, 'reader' | 'atr'> = {}): Promise<PivCardRead> {
    this.checkName(readerName);
    if (!this.card) throw new PivError('no-card', `There is no card in ${DemoPivReader.READER_NAME}`);
    const info = this.info();
    return readPivCard(inProcessChannel(this.card), { ...options, reader: info.name, atr: info.atr });
  }

  async withCard<T>(readerName: string | undefined, use: (channel: CardChannel, reader: ReaderInfo) => Promise<T>): Promise<T> {
    this.checkName(readerName);
    if (!this.card) throw new PivError('no-card', `There is no card in ${DemoPivReader.READER_NAME}`);
    return use(inProcessChannel(this.card), this.info());
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }

  private info(): ReaderInfo {
    return this.card
      ? { name: DemoPivReader.READER_NAME, cardPresent: true, atr: toHex(this.card.atr) }
      : { name: DemoPivReader.READER_NAME, cardPresent: false };
  }

  private checkName(readerName: string | undefined): void {
    if (readerName !== undefined && readerName !== DemoPivReader.READER_NAME) {
      throw new PivError('reader-not-found', `The reader "${readerName}" is not connected`);
    }
  }

  private emit(event: ReaderEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }
}
