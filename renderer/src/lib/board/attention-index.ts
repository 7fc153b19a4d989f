import type { BoardItem, ItemLiveness, ItemStatus } from '../../../../shared/domain';
import { attentionConcern, ATTENTION_ORDER, type AttentionConcern, type StatusReading } from '../../../../shared/status';
import { readItem } from './item-reading';

export interface AttentionEntry {
  item: BoardItem;
  reading: StatusReading;
  status: ItemStatus | undefined;
  /** Why it is on the strip: forced, tamper, alert, openTooLong, offline, unknown, otherAlarm. */
  concern: AttentionConcern;
  /** Set when the desk is not hearing about the item: the strip says so rather than repeat an old state. */
  stale?: ItemLiveness;
}

/** An entry with its place in the shared attention order (0 is worst). */
export interface RankedEntry {
  entry: AttentionEntry;
  rank: number;
}

/**
 * What a refresh changed on the list. `arrived`: items newly on it or worse than before (a new alarm,
 * a door open too long now forced, an item no longer heard from): the strip shows them at once.
 * `settled`: anything else (an item gone, better, or with a newer status of the same concern, which
 * re-orders the list): the strip may show that at its own pace.
 */
export interface AttentionNews {
  arrived: string[];
  settled: boolean;
}

/** Deliberately open or overridden (amber) is a state someone chose: it is not on the strip. */
const NOT_ON_STRIP: ReadonlySet<AttentionConcern> = new Set(['attention']);
const OFFLINE_RANK = ATTENTION_ORDER.indexOf('offline');

/**
 * Whether one item needs attention and why. An item the desk is not hearing about counts as offline
 * whatever it last said, unless that was worse.
 */
function rankedEntry(item: BoardItem, status: ItemStatus | undefined, stale: ItemLiveness | undefined): RankedEntry | undefined {
  const reading = readItem(item, status);
  let concern = attentionConcern(status?.flags ?? [], reading);
  if (stale && (concern === undefined || ATTENTION_ORDER.indexOf(concern) > OFFLINE_RANK)) concern = 'offline';
  if (concern === undefined || NOT_ON_STRIP.has(concern)) return undefined;
  return { entry: { item, status, reading, concern, ...(stale ? { stale } : {}) }, rank: ATTENTION_ORDER.indexOf(concern) };
}

/** Worst concern first; within one, the most recent change first, then by name, so the order is stable between updates. */
export function worstFirst(a: RankedEntry, b: RankedEntry): number {
  return a.rank - b.rank || (b.entry.status?.receivedAt ?? 0) - (a.entry.status?.receivedAt ?? 0) || a.entry.item.name.localeCompare(b.entry.item.name);
}

/** Where the index reads an item's latest state (the board store's maps, read without tracking). */
export interface AttentionSource {
  item(href: string): BoardItem | undefined;
  status(href: string): ItemStatus | undefined;
  staleness(href: string): ItemLiveness | undefined;
}

/**
 * The items that need attention, kept item by item as statuses, liveness and items arrive. The strip
 * and the plans then sort a short list, instead of reading every item of a 10,000-item site whenever
 * one of them changes (which cost the renderer more than anything else on a busy site).
 */
export class AttentionIndex {
  readonly #entries = new Map<string, RankedEntry>();
  /**
   * Whether the desk as a whole is live. When it is not (the server hung or unreachable), the banner over
   * the board says so once: an item's own "not heard" would list every item and bury a real alarm, so
   * each item is ranked by its last-known state alone. Liveness stays per item while the desk is live.
   */
  #deskLive = true;

  get deskLive(): boolean {
    return this.#deskLive;
  }

  /** Sets whether the desk as a whole is live; answers whether that changed (then rebuild). */
  setDeskLive(live: boolean): boolean {
    if (live === this.#deskLive) return false;
    this.#deskLive = live;
    return true;
  }

  #staleness(source: Pick<AttentionSource, 'staleness'>, href: string): ItemLiveness | undefined {
    return this.#deskLive ? source.staleness(href) : undefined;
  }

  /** Reads these items again; answers what changed on the list. */
  refresh(hrefs: Iterable<string>, source: AttentionSource): AttentionNews {
    const news: AttentionNews = { arrived: [], settled: false };
    for (const href of hrefs) {
      const item = source.item(href);
      const next = item && rankedEntry(item, source.status(href), this.#staleness(source, href));
      const before = this.#entries.get(href);
      if (next) this.#entries.set(href, next);
      else if (before) this.#entries.delete(href);
      if (next && (!before || next.rank < before.rank)) news.arrived.push(href);
      else news.settled ||= next !== undefined || before !== undefined;
    }
    return news;
  }

  /** One item's entry as the index holds it now. */
  ranked(href: string): RankedEntry | undefined {
    return this.#entries.get(href);
  }

  /** Every item again (a new list of items); `source` is asked only for their statuses and liveness. */
  rebuild(items: readonly BoardItem[], source: Omit<AttentionSource, 'item'>): void {
    this.#entries.clear();
    for (const item of items) {
      const entry = rankedEntry(item, source.status(item.href), this.#staleness(source, item.href));
      if (entry) this.#entries.set(item.href, entry);
    }
  }

  /** What needs action or is not known, worst first by the shared attention order. */
  sorted(): AttentionEntry[] {
    return this.sortedRanked().map((r) => r.entry);
  }

  /** The same, with each entry's rank. */
  sortedRanked(): RankedEntry[] {
    return [...this.#entries.values()].sort(worstFirst);
  }
}

/**
 * The list for a given set of items in one go, through the same index (the tests' way in, and any
 * view that has its items but no store).
 */
export function attentionList(
  items: readonly BoardItem[],
  statuses: ReadonlyMap<string, ItemStatus>,
  staleness: (href: string) => ItemLiveness | undefined = () => undefined,
  deskLive = true,
): AttentionEntry[] {
  const index = new AttentionIndex();
  index.setDeskLive(deskLive);
  index.rebuild(items, { status: (href) => statuses.get(href), staleness });
  return index.sorted();
}
