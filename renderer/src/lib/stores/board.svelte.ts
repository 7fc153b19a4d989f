import { untrack } from 'svelte';
import { SvelteMap } from 'svelte/reactivity';
import type { BoardItem, ItemLiveness, ItemStatus } from '../../../../shared/domain';
import { supersedes } from '../../board/lib/status-order';
import { AttentionIndex, type AttentionEntry, type AttentionSource } from '../board/attention-index';
import { ShownAttention } from '../board/shown-attention';
import { takeRead } from '../board/board-read';
import type { BoardContent, BoardSink, WholeBoard } from './board-feed';

/**
 * The board's items, the latest status per href and which items are not being heard from, fed only by
 * board.get and contract events (whole boards put together by the BoardFeed). Read-only from outside:
 * only the sync feeds it.
 */
class BoardStore implements BoardSink {
  #items = $state.raw<BoardItem[]>([]);
  #byHref = $derived(new Map(this.#items.map((i) => [i.href, i])));
  /** Replaced whole by a board read (one map built at once); changed key by key by deltas. */
  #statuses = $state.raw(new SvelteMap<string, ItemStatus>());
  /** Stale items only: an item not in here is live (or has never been reported on). Replaced like #statuses. */
  #stale = $state.raw(new SvelteMap<string, ItemLiveness>());
  /**
   * Whether a whole board came yet, read with board.get or whole from board.items events (until then
   * the board says it is loading, not empty). A page that opens as the desk starts may have its first
   * read overtaken by the server's board: the read then ends with nothing to take, and the board is
   * loaded all the same.
   */
  #loaded = $state(false);
  /** Liveness news since a board.get read began: newer than the read's own, so applied after it. */
  #livenessSinceRead: ItemLiveness[] | undefined;
  /** What needs attention, kept item by item as news arrives (the maps read without tracking). */
  readonly #attentionIndex = new AttentionIndex();
  readonly #attentionSource: AttentionSource = {
    item: (href) => this.#byHref.get(href),
    status: (href) => this.#statuses.get(href),
    staleness: (href) => this.#stale.get(href),
  };
  /** What the strip, its counts and the plan's pulses show: arrivals at once, the rest at most 4 times a second. */
  #attention = $state.raw<readonly AttentionEntry[]>([]);
  readonly #attentionShown = new ShownAttention(this.#attentionIndex, (entries) => (this.#attention = entries));
  /** Bumped on every change of items, statuses or liveness (see `revision`). */
  #revision = $state(0);
  readonly #changeListeners = new Set<(hrefs: readonly string[] | undefined) => void>();

  get items(): readonly BoardItem[] {
    return this.#items;
  }
  get statuses(): ReadonlyMap<string, ItemStatus> {
    return this.#statuses;
  }
  get loaded(): boolean {
    return this.#loaded;
  }

  /**
   * Changes whenever any item, status or liveness does. A view that reads every item (the overview's
   * counts, the list) follows this one signal and reads the maps untracked: tracking 10,000 keys of a
   * SvelteMap would cost a signal each on every read.
   */
  get revision(): number {
    return this.#revision;
  }

  /**
   * Tells `listener` of every change as it is made: the hrefs whose status or liveness changed, or
   * undefined for a new board or new items (any item may have changed). For a view that keeps every
   * item's state and reads again only the items that changed (the overview's counts). Returns how to stop.
   */
  onChange(listener: (hrefs: readonly string[] | undefined) => void): () => void {
    this.#changeListeners.add(listener);
    return () => this.#changeListeners.delete(listener);
  }

  item(href: string | undefined): BoardItem | undefined {
    return href === undefined ? undefined : this.#byHref.get(href);
  }

  /**
   * What needs action or is not known, worst first (the attention strip's list). It changes only when
   * an item starts or stops needing attention or changes why, not with every status of a calm item.
   * An item that arrives or gets worse is on it at once, like its tile; items gone or better and the
   * order are brought up to date at most 4 times a second (shown-attention.ts).
   */
  get attention(): readonly AttentionEntry[] {
    return this.#attention;
  }

  /** The item's liveness when it is stale, else undefined. */
  staleness(href: string): ItemLiveness | undefined {
    return this.#stale.get(href);
  }

  /** Whether the desk as a whole is live (the connection's view): the attention index's one rule for it. */
  setDeskLive(live: boolean): void {
    if (!this.#attentionIndex.setDeskLive(live)) return;
    untrack(() => this.#attentionIndex.rebuild(this.#items, this.#attentionSource));
    this.#attentionShown.flush();
  }

  readStarted(): void {
    this.#livenessSinceRead = [];
  }

  readEnded(): void {
    this.#livenessSinceRead = undefined;
  }

  /**
   * A whole board read (first load, or after the link reopened); a newer status or liveness already
   * held survives it (takeBoard).
   */
  replace(snapshot: WholeBoard): void {
    const since = this.#livenessSinceRead ?? [];
    this.#livenessSinceRead = undefined;
    this.#takeBoard(snapshot, since);
  }

  /**
   * A new board from events. Its parts were made at once, so the liveness they carry is main's
   * latest; a liveness delta since is newer than a board read under way, not than this.
   */
  published(content: BoardContent): void {
    this.#takeBoard(content, []);
  }

  /**
   * The maps are built whole and swapped in, and what needs attention is worked out once: set key by
   * key, 10,000 items cost a signal each and three passes over the attention index. The index reads
   * the plain maps just built: a SvelteMap makes a signal for each key it is asked for.
   */
  #takeBoard(content: BoardContent, since: readonly ItemLiveness[]): void {
    const { statuses, stale } = takeRead(this.#statuses, content, since);
    this.#items = content.items;
    this.#statuses = new SvelteMap(statuses);
    this.#stale = new SvelteMap(stale);
    untrack(() => this.#attentionIndex.rebuild(content.items, { status: (href) => statuses.get(href), staleness: (href) => stale.get(href) }));
    this.#attentionShown.flush();
    this.#loaded = true;
    this.#bump();
  }

  applyStatuses(statuses: readonly ItemStatus[]): void {
    const applied: string[] = [];
    for (const status of statuses) {
      if (!supersedes(status, this.#statuses.get(status.href))) continue;
      this.#statuses.set(status.href, status);
      applied.push(status.href);
    }
    this.#refreshAttention(applied);
    if (applied.length > 0) this.#bump(applied);
  }

  applyLiveness(changes: readonly ItemLiveness[]): void {
    this.#livenessSinceRead?.push(...changes);
    for (const change of changes) {
      if (change.state === 'stale') this.#stale.set(change.href, change);
      else this.#stale.delete(change.href);
    }
    const hrefs = changes.map((c) => c.href);
    this.#refreshAttention(hrefs);
    if (changes.length > 0) this.#bump(hrefs);
  }

  /** `hrefs`: the items whose status or liveness changed; none given, the whole board may have. */
  #bump(hrefs?: readonly string[]): void {
    untrack(() => this.#revision++);
    for (const listener of this.#changeListeners) listener(hrefs);
  }

  #refreshAttention(hrefs: readonly string[]): void {
    if (hrefs.length > 0) this.#attentionShown.news(untrack(() => this.#attentionIndex.refresh(hrefs, this.#attentionSource)));
  }
}

export const board = new BoardStore();
