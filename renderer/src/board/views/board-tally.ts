import type { OverviewGrouping } from '../../../../shared/contract/layout';
import type { BoardItem } from '../../../../shared/domain';
import type { ItemState, StateSource } from '../lib/item-state';
import { arrange, columnOrder, type ListSort } from '../list/lib/list-sort';
import { haystackOf, matcherOf, searchWords, type BoardFilter } from '../lib/search';
import { LiveCounts, type SiteCounts } from '../overview/lib/live-counts';
import { ItemStates } from './item-states';

/** A filter as one string: the same words and choices are the same filter. */
function filterKey(filter: BoardFilter): { choices: string; text: string } {
  return { choices: [filter.kind, filter.division, filter.floor ?? 'all'].join('\n'), text: searchWords(filter.text).join(' ') };
}

/**
 * The board as the overview and the list read it: every item's state, the items the filter matches and
 * the overview's counts of them, each kept up to date by what changed rather than worked out again over
 * every item. A status change reads its item again and moves it between counts; a filter is matched
 * once (narrowed from the last one's matches as a search is typed on) and counted once; a grouping's
 * groups are made once. Made anew for new items (or the desk going live or not: every item's state).
 */
export class BoardTally {
  readonly #states: ItemStates;
  #key = { choices: '', text: '' };
  /** The matched items' places, in board order, and whether each place is matched. */
  #places: number[];
  readonly #matched: Uint8Array;
  /** Each item's search text (search.ts), in board order, read as a plain list: made ahead (`prepareSearch`) or at the first search. */
  readonly #haystacks: string[] = [];
  #rows: ItemState[] | undefined;
  /** Counts per grouping, each kept once made; `counted` says whether it counts the current matches. */
  readonly #counts = new Map<OverviewGrouping, { counts: LiveCounts; counted: boolean }>();

  constructor(items: readonly BoardItem[], source: StateSource) {
    this.#states = new ItemStates(items, source);
    this.#places = items.map((_, at) => at);
    this.#matched = new Uint8Array(items.length).fill(1);
    this.#key = filterKey({ text: '', kind: 'all', division: 'all', floor: 'all' });
  }

  get items(): readonly BoardItem[] {
    return this.#states.items;
  }

  /**
   * The items of these hrefs read again (their status or liveness changed); whether any of them is on
   * the board. Counts move only for items the filter matches.
   */
  refresh(hrefs: Iterable<string>): boolean {
    const { read, moves } = this.#states.refresh(hrefs);
    for (const { at, from, to } of moves) {
      if (this.#matched[at] !== 1) continue;
      for (const kept of this.#counts.values()) if (kept.counted) kept.counts.move(at, from, to);
    }
    if (read.some((at) => this.#matched[at] === 1)) this.#rows = undefined;
    return read.length > 0;
  }

  /**
   * Makes the items' search texts ahead of the first search, a few hundred at a time while `more()`
   * says there is time (the page's idle time): whether any are left to make.
   */
  prepareSearch(more: () => boolean): boolean {
    const items = this.#states.items;
    const texts = this.#haystacks;
    while (texts.length < items.length && more()) {
      for (let n = 0; n < 500 && texts.length < items.length; n++) texts.push(haystackOf(items[texts.length]!));
    }
    return texts.length < items.length;
  }

  /** The overview's counts of the items matching the filter, by the grouping. */
  counts(filter: BoardFilter, by: OverviewGrouping): SiteCounts {
    this.#select(filter);
    let kept = this.#counts.get(by);
    if (!kept) this.#counts.set(by, (kept = { counts: new LiveCounts(this.#states.items, by), counted: false }));
    if (!kept.counted) {
      kept.counts.recount(this.#places, this.#states.buckets);
      kept.counted = true;
    }
    return kept.counts.shown();
  }

  /** The states of the items matching the filter, in board order (the same list until one of them changes). */
  matching(filter: BoardFilter): readonly ItemState[] {
    this.#select(filter);
    return (this.#rows ??= this.#places.map((at) => this.#states.states[at]!));
  }

  /** The list's rows: the items matching the filter in the sort's order, walked out of the column's kept order. */
  listed(filter: BoardFilter, sort: ListSort): ItemState[] {
    this.#select(filter);
    const { states } = this.#states;
    const ordered: ItemState[] = [];
    for (const at of columnOrder(this.#states.items, sort)) if (this.#matched[at] === 1) ordered.push(states[at]!);
    return arrange(ordered, sort);
  }

  #select(filter: BoardFilter): void {
    const key = filterKey(filter);
    if (key.choices === this.#key.choices && key.text === this.#key.text) return;
    const items = this.#states.items;
    // More typed on the same search matches a part of what it matched: only those are tried again.
    const narrowing = key.choices === this.#key.choices && key.text.startsWith(this.#key.text);
    const tried = narrowing ? this.#places : items.keys();
    const chosen = filter.kind !== 'all' || filter.division !== 'all' || (filter.floor ?? 'all') !== 'all' ? matcherOf({ ...filter, text: '' }) : undefined;
    const words = searchWords(filter.text);
    if (words.length > 0) this.prepareSearch(() => true);
    const haystacks = this.#haystacks;
    const places: number[] = [];
    for (const at of tried) if ((!chosen || chosen(items[at]!)) && hasEvery(haystacks[at]!, words)) places.push(at);
    this.#matched.fill(0);
    for (const at of places) this.#matched[at] = 1;
    this.#places = places;
    this.#key = key;
    this.#rows = undefined;
    for (const kept of this.#counts.values()) kept.counted = false;
  }
}

function hasEvery(haystack: string, words: readonly string[]): boolean {
  for (const word of words) if (!haystack.includes(word)) return false;
  return true;
}
