import type { BoardItemsPart, BoardPage } from '../../../../shared/contract/board';
import { unpackPart } from '../../../../shared/contract/board-packing';
import type { BoardItem, ConnectionState, ItemLiveness, ItemStatus } from '../../../../shared/domain';
import { BoardAssembly } from './board-assembly';

/** A board.items part with its items whole again. */
type UnpackedPart = ReturnType<typeof unpackPart<BoardItemsPart>>;
/** A board.get page with its items and liveness whole again. */
type UnpackedPage = ReturnType<typeof unpackPart<BoardPage>>;

/** A whole board: the items, and their statuses and liveness when main made its parts. */
export interface BoardContent {
  items: BoardItem[];
  statuses: ItemStatus[];
  liveness: ItemLiveness[];
}

/** A whole board read through board.get, with the connection as the last page gave it. */
export interface WholeBoard extends BoardContent {
  connection: ConnectionState;
}

/** The parts of one generation as one board. */
function joined(parts: readonly (UnpackedPart | UnpackedPage)[]): BoardContent {
  return { items: parts.flatMap((p) => p.items), statuses: parts.flatMap((p) => p.statuses), liveness: parts.flatMap((p) => p.liveness) };
}

/** Where a whole board goes: the board store, or a test's record. */
export interface BoardSink {
  /** A board.get read begins: liveness news from now on is newer than what the read will bring. */
  readStarted(): void;
  /** The read ended, whole or not: liveness news need no longer be kept aside. */
  readEnded(): void;
  /** A board read with board.get (first load, the link reopened, or a generation that broke). */
  replace(board: WholeBoard): void;
  /** A new board from board.items events, with its statuses and liveness as main published it. */
  published(board: BoardContent): void;
}

/** How often a board.get read is started over because the board changed under it, before giving up for now. */
const MAX_READS = 5;

/**
 * Turns board.items parts and board.get pages into whole boards for the store. board.get answers one
 * page at a time; the feed asks for the next until the generation is whole. A broken generation
 * (a part lost, or out of order) is dropped and read again through board.get. Reads never overlap;
 * the pages of one read are asked for together. Each part is unpacked as it arrives, while the next
 * is still on its way, so a whole board is ready for the store the moment its last part comes.
 */
export class BoardFeed {
  readonly #assembly = new BoardAssembly<UnpackedPart | UnpackedPage>();
  /** An events generation with a part that could not be unpacked: the rest of it is not taken in. */
  #unreadable = -1;
  #reading: Promise<void> | undefined;
  #readAgain = false;

  constructor(
    private readonly sink: BoardSink,
    private readonly page: (part: number) => Promise<BoardPage>,
    private readonly report: (error: unknown) => void,
  ) {}

  /** One part from a board.items event. */
  part(part: BoardItemsPart): void {
    if (part.generation === this.#unreadable) return;
    let unpacked: UnpackedPart;
    try {
      unpacked = unpackPart(part);
    } catch (err) {
      // A part main packed wrong is not shown; the board on screen stays until a whole one comes.
      this.#unreadable = part.generation;
      this.report(err);
      return;
    }
    const offered = this.#assembly.offer(unpacked);
    if (offered.kind === 'broken') void this.read();
    if (offered.kind === 'complete') this.sink.published(joined(offered.parts));
  }

  /** The link to main (re)opened: main may be a new process with generations of its own. */
  linkOpened(): Promise<void> {
    this.#assembly.reset();
    this.#unreadable = -1;
    return this.read();
  }

  /** Resolves once no read is under way (tests, and anything that must wait for the board). */
  async settled(): Promise<void> {
    while (this.#reading) await this.#reading;
  }

  /** Reads the whole board through board.get; a read under way is followed by one more. */
  read(): Promise<void> {
    if (this.#reading) {
      this.#readAgain = true;
      return this.#reading;
    }
    this.#reading = this.readUntilWhole()
      .catch((err: unknown) => this.report(err))
      .finally(() => {
        this.sink.readEnded();
        this.#reading = undefined;
        if (this.#readAgain) {
          this.#readAgain = false;
          void this.read();
        }
      });
    return this.#reading;
  }

  private async readUntilWhole(): Promise<void> {
    for (let read = 0; read < MAX_READS; read++) {
      this.#readAgain = false;
      this.sink.readStarted();
      const first = await this.page(0);
      if (await this.readPages(first)) return;
      // A newer generation came whole by events meanwhile: that is the board now.
      if (this.#assembly.shown >= first.generation) return;
    }
    throw new Error(`the board kept changing while it was read (${MAX_READS} times): it is read again at the next change`);
  }

  /**
   * Whether the generation `first` began came whole through these pages. The rest are asked for at
   * once and taken in order: main answers one while this window checks the last, instead of one
   * round trip per part (20 of them at 10,000 items) with each side idle in turn.
   */
  private async readPages(first: BoardPage): Promise<boolean> {
    const rest = Array.from({ length: first.parts - 1 }, (_, i) => this.page(i + 1));
    // A page not waited for (the board changed first) may still fail: that is no news.
    for (const pending of rest) pending.catch(() => undefined);
    for (const pending of [Promise.resolve(first), ...rest]) {
      const page = await pending;
      if (page.generation !== first.generation) return false;
      const offered = this.#assembly.offer(unpackPart(page));
      if (offered.kind === 'complete') {
        this.sink.replace({ connection: page.connection, ...joined(offered.parts) });
        return true;
      }
      if (offered.kind !== 'waiting') return false;
    }
    return false;
  }
}
