import type { PivCardRead } from '../../../shared/piv/card-read';
import type { CardChannel } from '../../../shared/piv/card/card-objects';
import { PivError } from '../../../shared/piv/card/errors';
import { toHex } from '../../../shared/piv/card/hex';
import { loadPcsc, type BindingOptions, type PcscContext, type PcscReader } from './pcsc-binding';
import { pivErrorFromPcsc } from './pcsc-errors';
import { readPivCard, type ReadPivCardOptions } from './read-card';

/**
 * The smart-card readers of this machine through PC/SC: which readers there are, cards going in and
 * out, and reading a PIV card from one of them. One service per process; close it when done.
 */

export interface ReaderInfo {
  name: string;
  cardPresent: boolean;
  /** ATR of the card in the reader, hex. */
  atr?: string;
}

export type ReaderEvent =
  | { type: 'reader-added'; reader: ReaderInfo }
  | { type: 'reader-removed'; name: string }
  | { type: 'card-inserted'; reader: ReaderInfo }
  | { type: 'card-removed'; reader: ReaderInfo }
  /** The PC/SC service itself failed (e.g. pcscd stopped); readers are no longer watched. */
  | { type: 'service-error'; error: PivError };

/**
 * What the enrolment flow needs from "a place cards are read": PC/SC readers (PivReaderService) or
 * the demo site's in-process virtual reader (electron/simulator/piv-card/demo-reader).
 */
export interface PivCardReader {
  listReaders(): ReaderInfo[];
  onEvent(listener: (event: ReaderEvent) => void): () => void;
  waitForCard(readerName: string | undefined, timeoutMs: number): Promise<ReaderInfo>;
  readCard(readerName: string | undefined, options?: Omit<ReadPivCardOptions, 'reader' | 'atr'>): Promise<PivCardRead>;
  /** Connects to the card in `readerName` (the only card present when absent) for as long as `use` runs. */
  withCard<T>(readerName: string | undefined, use: (channel: CardChannel, reader: ReaderInfo) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface ReaderServiceOptions extends BindingOptions {
  /** Quiet time after the last reader/status event before `open` resolves with the initial list. */
  settleMs?: number;
}

/** Largest answer a card can give: 65536 bytes with an extended Le, plus the status word. */
const MAX_RESPONSE = 65538;
/** How long to wait for PC/SC to notice a card that stopped answering was in fact pulled out. */
const REMOVAL_CONFIRM_MS = 3000;
const MAX_SETTLE_MS = 2000;
const CLOSE_QUIET_MS = 300;

function removedDuringRead(watched: Watched, cause?: unknown): PivError {
  return new PivError('card-removed', `The card was removed from ${watched.reader.name} during the read`, { cause });
}

interface Watched {
  reader: PcscReader;
  info: ReaderInfo;
  /** pcsc-lite's insert/remove event count at the last status. */
  eventCount?: number;
  /** A read is under way on this reader. */
  reading?: boolean;
}

export class PivReaderService implements PivCardReader {
  private readonly readers = new Map<string, Watched>();
  private readonly listeners = new Set<(event: ReaderEvent) => void>();
  private closed = false;
  /** When PC/SC last told us anything about a reader; open and close wait for this to go quiet. */
  private lastEventAt = 0;

  private constructor(private readonly context: PcscContext) {
    context.on('reader', (reader) => this.watch(reader));
    context.on('error', (error) => this.emit({ type: 'service-error', error: pivErrorFromPcsc(error, 'watching readers') }));
  }

  /**
   * Connects to PC/SC and resolves once the initial reader list has settled. Throws PivError
   * `service-not-running` or `pcsc-unavailable` before touching PC/SC when it cannot work.
   */
  static async open(options: ReaderServiceOptions = {}): Promise<PivReaderService> {
    const factory = loadPcsc(options);
    const service = new PivReaderService(factory());
    service.lastEventAt = Date.now();
    await service.settle(options.settleMs ?? 300);
    return service;
  }

  listReaders(): ReaderInfo[] {
    return [...this.readers.values()].map((w) => ({ ...w.info }));
  }

  /** Subscribes to reader and card events; returns the unsubscribe function. */
  onEvent(listener: (event: ReaderEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves when a card is present in `readerName` (or in any reader when omitted). */
  waitForCard(readerName: string | undefined, timeoutMs: number): Promise<ReaderInfo> {
    const matches = (info: ReaderInfo) => info.cardPresent && (readerName === undefined || info.name === readerName);
    const present = this.listReaders().find(matches);
    if (present) return Promise.resolve(present);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new PivError('no-card', `No card was inserted${readerName ? ` in ${readerName}` : ''} within ${timeoutMs} ms`));
      }, timeoutMs);
      const stop = this.onEvent((event) => {
        if (event.type === 'card-inserted' && matches(event.reader)) {
          clearTimeout(timer);
          stop();
          resolve(event.reader);
        }
      });
    });
  }

  /**
   * Reads the PIV card in `readerName`; with no name, the only reader holding a card. Errors are
   * PivErrors: no-reader, reader-not-found, no-card, card-removed, not-piv, malformed-data, ...
   */
  async readCard(readerName: string | undefined, options: Omit<ReadPivCardOptions, 'reader' | 'atr'> = {}): Promise<PivCardRead> {
    return this.withCard(readerName, (channel, info) => readPivCard(channel, { ...options, reader: info.name, atr: info.atr }));
  }

  /** Connects to the card for as long as `use` runs, then leaves it in the reader (a sign-in, a read). */
  async withCard<T>(readerName: string | undefined, use: (channel: CardChannel, reader: ReaderInfo) => Promise<T>): Promise<T> {
    if (this.closed) throw new PivError('card-error', 'The card reader service is closed');
    const watched = this.pickReader(readerName);
    // pcsclite keeps one connection per reader and would hand a second reader the first one's state.
    if (watched.reading) throw new PivError('card-error', `The card in ${watched.info.name} is already being read`);
    watched.reading = true;
    try {
      const protocol = await this.connect(watched);
      try {
        return await use(this.channel(watched, protocol), { ...watched.info });
      } finally {
        await new Promise<void>((resolve) => watched.reader.disconnect(watched.reader.SCARD_LEAVE_CARD, () => resolve()));
      }
    } finally {
      watched.reading = false;
    }
  }

  /**
   * Stops watching and releases PC/SC. Waits for reader events to go quiet first: pcsclite's native
   * close cancels the watcher thread's wait, and a cancel sent just after a card change can be lost,
   * leaving close() blocked forever in a thread join (seen with vpcd right after a removal).
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.listeners.clear();
    await this.settle(CLOSE_QUIET_MS);
    for (const { reader } of this.readers.values()) reader.close();
    this.readers.clear();
    this.context.close();
  }

  private pickReader(readerName: string | undefined): Watched {
    if (this.readers.size === 0) throw new PivError('no-reader', 'No smart-card reader is connected');
    if (readerName !== undefined) {
      const named = this.readers.get(readerName);
      if (!named) throw new PivError('reader-not-found', `The reader "${readerName}" is not connected`);
      if (!named.info.cardPresent) throw new PivError('no-card', `There is no card in ${readerName}`);
      return named;
    }
    const withCard = [...this.readers.values()].filter((w) => w.info.cardPresent);
    if (withCard.length === 0) throw new PivError('no-card', 'There is no card in any reader');
    if (withCard.length > 1) {
      throw new PivError('card-error', `Cards are present in several readers (${withCard.map((w) => w.info.name).join(', ')}): choose one`);
    }
    return withCard[0];
  }

  private connect(watched: Watched): Promise<number> {
    const { reader } = watched;
    return new Promise((resolve, reject) => {
      reader.connect({ share_mode: reader.SCARD_SHARE_SHARED, protocol: reader.SCARD_PROTOCOL_T0 | reader.SCARD_PROTOCOL_T1 }, (error, protocol) =>
        error ? reject(pivErrorFromPcsc(error, `connecting to the card in ${reader.name}`)) : resolve(protocol),
      );
    });
  }

  private channel(watched: Watched, protocol: number): CardChannel {
    const { reader } = watched;
    return {
      transmit: (command) =>
        new Promise((resolve, reject) => {
          reader.transmit(Buffer.from(command), MAX_RESPONSE, protocol, (error, response) => {
            // vpcd (and some readers) hand back an empty answer rather than an error when the card goes.
            if (!error && response.length >= 2) return resolve(new Uint8Array(response));
            if (!error) {
              void this.cardGone(watched.info.name, REMOVAL_CONFIRM_MS).then((gone) =>
                gone ? reject(removedDuringRead(watched)) : resolve(new Uint8Array(response)),
              );
              return;
            }
            void this.explainTransmitFailure(watched, error).then(reject);
          });
        }),
    };
  }

  /** A failed exchange is a removal when the card is gone from the reader shortly after. */
  private async explainTransmitFailure(watched: Watched, error: Error): Promise<PivError> {
    const mapped = pivErrorFromPcsc(error, `talking to the card in ${watched.reader.name}`);
    if (mapped.code === 'card-removed' || mapped.code === 'no-card') return removedDuringRead(watched, error);
    return (await this.cardGone(watched.info.name, REMOVAL_CONFIRM_MS)) ? removedDuringRead(watched, error) : mapped;
  }

  private cardGone(name: string, timeoutMs: number): Promise<boolean> {
    const now = this.readers.get(name);
    if (!now || !now.info.cardPresent) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        stop();
        resolve(false);
      }, timeoutMs);
      const stop = this.onEvent((event) => {
        if ((event.type === 'card-removed' && event.reader.name === name) || (event.type === 'reader-removed' && event.name === name)) {
          clearTimeout(timer);
          stop();
          resolve(true);
        }
      });
    });
  }

  private watch(reader: PcscReader): void {
    const watched: Watched = { reader, info: { name: reader.name, cardPresent: false } };
    this.readers.set(reader.name, watched);
    this.emit({ type: 'reader-added', reader: { ...watched.info } });
    reader.on('status', (status) => {
      this.lastEventAt = Date.now();
      const present = (status.state & reader.SCARD_STATE_PRESENT) !== 0;
      // pcsc-lite counts card insertions and removals in the high word of the event state: a count
      // that moved while a card stayed present means one card was swapped for another between polls.
      const count = status.state >>> 16;
      const swapped = present && watched.info.cardPresent && watched.eventCount !== undefined && count !== watched.eventCount;
      watched.eventCount = count;
      if (present === watched.info.cardPresent && !swapped) return;
      if (swapped) {
        watched.info = { name: reader.name, cardPresent: false };
        this.emit({ type: 'card-removed', reader: { ...watched.info } });
      }
      watched.info = present
        ? { name: reader.name, cardPresent: true, ...(status.atr?.length ? { atr: toHex(status.atr) } : {}) }
        : { name: reader.name, cardPresent: false };
      this.emit({ type: present ? 'card-inserted' : 'card-removed', reader: { ...watched.info } });
    });
    reader.on('end', () => {
      this.readers.delete(reader.name);
      this.emit({ type: 'reader-removed', name: reader.name });
    });
    reader.on('error', (error) => this.emit({ type: 'service-error', error: pivErrorFromPcsc(error, `watching ${reader.name}`) }));
  }

  private emit(event: ReaderEvent): void {
    for (const listener of [...this.listeners]) listener(event);
    this.lastEventAt = Date.now();
  }

  /** Resolves once no reader event has come for `quietMs` (at most MAX_SETTLE_MS from now). */
  private async settle(quietMs: number): Promise<void> {
    const started = Date.now();
    while (Date.now() - started < MAX_SETTLE_MS) {
      await new Promise((r) => setTimeout(r, 50));
      if (Date.now() - this.lastEventAt >= quietMs) return;
    }
  }
}
