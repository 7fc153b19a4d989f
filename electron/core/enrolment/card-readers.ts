import type { ReaderList } from '../../../shared/contract/enrolment';
import type { PivCardRead, PivReadProgress } from '../../../shared/piv/card-read';
import type { CardChannel } from '../../../shared/piv/card/card-objects';
import { PivError } from '../../../shared/piv/card/errors';
import { PivReaderService, type PivCardReader } from '../piv/reader-service';

/** The demo reader's controls (electron/shells/compose/demo-reader.ts): issue a virtual card into it, take it out. */
export interface DemoCardSlot {
  insert(kind: 'piv' | 'piv-i'): Promise<void>;
  remove(): void;
}

export interface CardReadersOptions {
  /** The in-process virtual reader, when the shell composed one in. */
  demo?: { reader: PivCardReader; slot: DemoCardSlot; controls: () => boolean };
  /** Open PC/SC readers (default true); the reader service checks pcscd is there before touching it. */
  pcsc?: boolean | (() => Promise<PivCardReader>);
}

/**
 * Every reader the desk can read a card from: the demo reader and the PC/SC readers, as one list.
 * PC/SC is opened once, on first use; when it cannot be (pcscd not running) the reason is kept and
 * shown, and the demo reader still works.
 */
export class CardReaders {
  private pcsc: PivCardReader | undefined;
  private pcscProblem: string | undefined;
  private opening: Promise<void> | undefined;

  constructor(
    private readonly options: CardReadersOptions,
    private readonly changed: (list: ReaderList) => void,
  ) {
    options.demo?.reader.onEvent(() => this.changed(this.list()));
  }

  async readers(): Promise<ReaderList> {
    await this.openPcsc();
    return this.list();
  }

  async read(readerName: string | undefined, pin: string | undefined, onProgress: (p: PivReadProgress) => void): Promise<PivCardRead> {
    const source = await this.sourceOf(readerName);
    return source.readCard(readerName, { ...(pin ? { pin } : {}), onProgress });
  }

  /** The card in `readerName` (or the only card in any reader), connected while `use` runs: sign-in's way in. */
  async withCard<T>(readerName: string | undefined, use: (channel: CardChannel, reader: { name: string }) => Promise<T>): Promise<T> {
    const source = await this.sourceOf(readerName);
    return source.withCard(readerName, use);
  }

  private async sourceOf(readerName: string | undefined): Promise<PivCardReader> {
    await this.openPcsc();
    const all = this.sources();
    if (readerName) {
      const named = all.find((r) => r.listReaders().some((i) => i.name === readerName));
      if (!named) throw new PivError('reader-not-found', `The reader "${readerName}" is not connected`);
      return named;
    }
    const withCard = all.filter((r) => r.listReaders().some((i) => i.cardPresent));
    if (withCard.length === 0) throw new PivError('no-card', 'There is no card in any reader: insert one');
    if (withCard.length > 1) throw new PivError('card-error', 'Cards are present in several readers: choose one');
    return withCard[0];
  }

  async demoCard(action: 'piv' | 'piv-i' | 'remove'): Promise<ReaderList> {
    const demo = this.options.demo;
    if (!demo || !demo.controls()) throw new PivError('reader-not-found', 'There is no demo reader on this desk');
    if (action === 'remove') demo.slot.remove();
    else await demo.slot.insert(action);
    return this.list();
  }

  async close(): Promise<void> {
    await this.pcsc?.close();
  }

  private list(): ReaderList {
    return {
      readers: this.sources().flatMap((r) => r.listReaders()),
      ...(this.pcscProblem ? { pcscProblem: this.pcscProblem } : {}),
      demoControls: this.options.demo?.controls() ?? false,
    };
  }

  private sources(): PivCardReader[] {
    return [...(this.options.demo ? [this.options.demo.reader] : []), ...(this.pcsc ? [this.pcsc] : [])];
  }

  private openPcsc(): Promise<void> {
    const choice = this.options.pcsc ?? true;
    if (choice === false) return Promise.resolve();
    const open = typeof choice === 'function' ? choice : () => PivReaderService.open();
    this.opening ??= open().then(
      (service) => {
        this.pcsc = service;
        service.onEvent(() => this.changed(this.list()));
      },
      (error: unknown) => {
        this.pcscProblem = error instanceof Error ? error.message : 'Smart-card readers are not available';
      },
    );
    return this.opening;
  }
}
