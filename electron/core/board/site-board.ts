import type { BoardItem, BoardSnapshot, ConnectionState, ItemLiveness, ItemStatus } from '../../../shared/domain';
import type { Discovery } from '../api/discovery';
import type { ContractEvents } from '../events';
import type { LivenessBook } from '../monitor/liveness';
import { sameStatus } from '../monitor/watcher';
import { LastKnownShown, liveAgain } from '../offline/last-known-view';
import type { LastKnownBoard, SiteStateSink } from '../offline/state-sink';
import { liveHeld, liveLookup, type BoardLookup, type ItemLookup } from './board-lookup';
import type { CatalogueEntry } from './catalogue';
import { boardDigest } from './catalogue-board';
import { sameAsJson } from './same-as-json';

/**
 * How long a session's first board waits for its digest and its copy in the local store. A desk killed
 * sooner keeps the board it had before (or none); one stopped in order keeps this one (`keepNow`).
 */
const KEEP_FIRST_BOARD_AFTER_MS = 2_000;

/**
 * One site's board as main holds it: the catalogue the server gave, each item's latest status, and
 * the last-known board from the local store until the server's arrives. Statuses and board items
 * leave main through here, and only here, so the local store's copy follows every change.
 */
export class SiteBoard {
  private catalogue = new Map<string, CatalogueEntry>();
  /** The catalogue's items as one list, made once per catalogue: hot paths (each journal batch) read it without copying. */
  private boardItems: readonly BoardItem[] = [];
  private digest = '';
  private readonly statuses = new Map<string, ItemStatus>();
  /** Served until the server's board arrives: every item stale, no command sendable. */
  private lastKnown: LastKnownShown | undefined;
  /** The first board's digest and its copy for the local store, due KEEP_FIRST_BOARD_AFTER_MS after it was published. */
  private keepLater: (() => void) | undefined;
  private keeping: NodeJS.Timeout | undefined;
  /** When the server's catalogue was last loaded (ms since the epoch; 0: never). */
  loadedAt = 0;

  constructor(
    private readonly events: ContractEvents,
    /** The monitor's per-item liveness (the monitor is built after the board it reports to). */
    private readonly liveness: () => LivenessBook,
    /** Keeps the last-known board in the local store; absent in tools and tests without one. */
    private readonly sink?: SiteStateSink,
  ) {}

  /** Shows what this desk last knew of the site, marked stale, while the server is asked; never over the server's own board. */
  showLastKnown(known: LastKnownBoard | undefined): void {
    if (!known || known.items.length === 0 || this.loadedAt > 0) return;
    const shown = (this.lastKnown = new LastKnownShown(known, Date.now()));
    this.events.publishBoard(shown.board.items, shown.held);
  }

  /** The item the server gave this desk at `href`; undefined for anything else (or before the server's board came). */
  entry(href: string): CatalogueEntry | undefined {
    return this.catalogue.get(href);
  }

  entries(): Iterable<CatalogueEntry> {
    return this.catalogue.values();
  }

  /** The board's items (the last-known board's until the server's arrives): the same list until the next catalogue. */
  items(): readonly BoardItem[] {
    return this.lastKnown ? this.lastKnown.board.items : this.boardItems;
  }

  /** Each item's latest status and liveness, as a new board's parts carry them. */
  private held(): ItemLookup {
    return this.lastKnown ? this.lastKnown.held : liveHeld(this.statuses, this.liveness());
  }

  /** The connection and each item's latest status and liveness, for a board part (snapshot() would build the whole board). */
  lookup(connection: () => ConnectionState): BoardLookup {
    if (this.lastKnown) return this.lastKnown.lookup(connection);
    return liveLookup(connection(), this.statuses, this.liveness());
  }

  snapshot(connection: ConnectionState): BoardSnapshot {
    if (this.lastKnown) return { connection, ...this.lastKnown.board };
    const liveness = this.liveness();
    // The count as of now, not as of the last coalesced liveness batch: the snapshot's own liveness says the same.
    return {
      connection: { ...connection, staleItems: liveness.staleCount },
      items: [...this.boardItems],
      statuses: [...this.statuses.values()],
      liveness: liveness.notLive(),
    };
  }

  /** Sends on the statuses that say something new (takeStatuses). */
  publishStatuses(batch: ItemStatus[]): void {
    const news = this.takeStatuses(batch);
    if (news.length > 0) this.events.emit('status.delta', news);
  }

  publishLiveness(batch: ItemLiveness[]): void {
    this.events.emit('status.liveness', batch);
  }

  /**
   * Takes a catalogue the server just gave (never empty: the session refuses an empty board first).
   * The renderer hears of the items only when the board changed, with their statuses inside it; of
   * the search's statuses it hears otherwise only for items new to the board: the watchers' news is newer.
   */
  replace(entries: Map<string, CatalogueEntry>, statuses: ItemStatus[], discovery: Discovery): void {
    this.keepNow();
    const known = this.catalogue;
    this.catalogue = entries;
    this.loadedAt = Date.now();
    for (const href of this.statuses.keys()) if (!entries.has(href)) this.statuses.delete(href);
    const news = this.takeStatuses(statuses.filter((s) => !known.has(s.href) || !this.statuses.has(s.href)));
    const shown = this.lastKnown;
    // The last-known board gives way to the server's: its items are live unless the monitor says not.
    this.lastKnown = undefined;
    const board = [...entries.values()].map((e) => e.board);
    const keep = (items: BoardItem[], digest: string) =>
      this.sink?.catalogueLoaded({ serverVersion: discovery.version, features: [...discovery.links.keys()] }, items, [...this.statuses.values()], digest);
    const confirmed = shown && storedDigestOf(board, shown);
    let changed = false;
    let keepNow: (() => void) | undefined;
    if (shown && confirmed) {
      // The server's board is the one shown from the store: the page keeps the items it has (their
      // liveness below says they are live, and their commands with it), and the desk holds one copy.
      this.digest = confirmed;
      const stored = shown.board.items;
      let at = 0;
      for (const entry of entries.values()) entry.board = stored[at++]!;
      this.keepFirstBoardLater(() => keep(stored, this.digest));
    } else if (this.digest === '' || shown) {
      // The session's first board is published whatever it holds. Its digest (a tenth of a second at
      // 10,000 items) and the store's copy (half a second more when the store has none) wait a moment:
      // the subscriptions' first answers, which make the board live, come first.
      changed = true;
      this.keepFirstBoardLater(() => keep(board, (this.digest = boardDigest(board))));
    } else {
      const digest = boardDigest(board);
      changed = digest !== this.digest;
      this.digest = digest;
      // The same board again: the catalogue keeps the items already published, so the desk holds one
      // copy of the board, not two (≈5 MB at 10,000 items from the first reload on, the soak found).
      if (!changed) for (const [href, entry] of entries) entry.board = known.get(href)?.board ?? entry.board;
      keepNow = () => keep(board, digest);
    }
    this.boardItems = [...entries.values()].map((e) => e.board);
    if (changed) {
      this.events.publishBoard(this.boardItems, this.held());
    } else {
      if (news.length > 0) this.events.emit('status.delta', news);
      if (shown) {
        const notLive = new Set(this.liveness().notLive().map((l) => l.href));
        this.events.emit('status.liveness', liveAgain(this.boardItems.filter((i) => !notLive.has(i.href)), Date.now()));
      }
    }
    keepNow?.();
  }

  /**
   * Holds the statuses that say something new, for the local store too, and returns them. A
   * subscription's first answer repeats every item's state, and most of it is what the catalogue's
   * search already gave: at 50,000 items, sending those again cost the page a second pass over every
   * item just as the board went live, and the store as many rows, to say nothing new. The status kept
   * is the one first heard, so its time is when the desk learnt the state.
   */
  private takeStatuses(batch: ItemStatus[]): ItemStatus[] {
    const news = batch.filter((s) => {
      const held = this.statuses.get(s.href);
      return held === undefined || !sameStatus(held, s);
    });
    for (const s of news) this.statuses.set(s.href, s);
    if (news.length > 0) this.sink?.statusBatch(news);
    return news;
  }

  private keepFirstBoardLater(keep: () => void): void {
    this.keeping = setTimeout(() => this.keepNow(), KEEP_FIRST_BOARD_AFTER_MS);
    this.keeping.unref();
    this.keepLater = keep;
  }

  /** The first board's digest and store copy, if still due: before a newer board, or as the session stops. */
  keepNow(): void {
    clearTimeout(this.keeping);
    const keep = this.keepLater;
    this.keepLater = undefined;
    try {
      keep?.();
    } catch {
      // The local store closed under it: only a cached copy is lost, the server has the truth.
    }
  }
}

/**
 * The stored board's digest when the server's first board is that board, item for item. Made at once
 * rather than a moment later: sending the board again and the page drawing it twice cost more. Compared
 * in place (sameAsJson): the stored items are the board as written, whose digest the store kept.
 */
function storedDigestOf(board: readonly BoardItem[], shown: LastKnownShown): string | undefined {
  const stored = shown.board.items;
  if (shown.digest === undefined || stored.length !== board.length) return undefined;
  for (let i = 0; i < board.length; i++) if (!sameAsJson(board[i], stored[i])) return undefined;
  return shown.digest;
}
