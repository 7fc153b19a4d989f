import { comparePlaces, placeLabel } from '../../../../../shared/board/places';
import type { BoardItem } from '../../../../../shared/domain';
import { kindNoun } from '../../../lib/board/kind-words';
import { placesOf } from '../../lib/grouping';
import { BUCKETS, type ItemState } from '../../lib/item-state';
import { nameOrder } from '../../../../../shared/board/name-order';

export type SortColumn = 'name' | 'kind' | 'floor' | 'state' | 'since';

export interface ListSort {
  column: SortColumn;
  /** Against the column's own first order (see FIRST_ORDER). */
  reversed: boolean;
}

/** The list until the guard sorts it: worst state first. */
export const DEFAULT_SORT: ListSort = { column: 'state', reversed: false };

/** What each column's first order is, in words for its header: names A–Z, the worst state first, the latest change first. */
export const FIRST_ORDER: Record<SortColumn, { first: string; reversed: string }> = {
  name: { first: 'A to Z', reversed: 'Z to A' },
  kind: { first: 'A to Z', reversed: 'Z to A' },
  floor: { first: 'lowest floor first', reversed: 'highest floor first' },
  state: { first: 'worst first', reversed: 'calmest first' },
  since: { first: 'latest first', reversed: 'oldest first' },
};

/** A column's header clicked: that column in its first order, or the same column reversed. */
export function nextSort(current: ListSort, column: SortColumn): ListSort {
  return current.column === column ? { column, reversed: !current.reversed } : { column, reversed: false };
}

/** The floors an item is on, as the list shows them. */
export function floorText(item: BoardItem): string {
  return placesOf(item).map(placeLabel).join(', ');
}

/** Per column that does not change with the statuses: each item's rank (by href), and the items' places in that order. */
type Ranked = 'name' | 'kind' | 'floor';
type Ranks = Record<Ranked, { rank: Map<string, number>; places: Int32Array }>;

// Names, kinds and floors change only with the items, so each is put in order once per list of items;
// a status change then re-sorts by numbers alone (10,000 rows sorted with a collator take a frame or more).
const ranksByItems = new WeakMap<readonly BoardItem[], Ranks>();

function rankOf(items: readonly BoardItem[], compare: (a: BoardItem, b: BoardItem) => number): Ranks[Ranked] {
  const places = Int32Array.from(items.keys()).sort((a, b) => compare(items[a]!, items[b]!));
  return { rank: new Map(Array.from(places, (at, i) => [items[at]!.href, i])), places };
}

function ranksFor(items: readonly BoardItem[]): Ranks {
  let ranks = ranksByItems.get(items);
  if (!ranks) {
    const byName = (a: BoardItem, b: BoardItem) => nameOrder.compare(a.name, b.name) || a.href.localeCompare(b.href);
    const name = rankOf(items, byName);
    const nameOf = (item: BoardItem) => name.rank.get(item.href)!;
    ranks = {
      name,
      kind: rankOf(items, (a, b) => nameOrder.compare(kindNoun(a.kind), kindNoun(b.kind)) || nameOf(a) - nameOf(b)),
      floor: rankOf(items, (a, b) => comparePlaces(placesOf(a)[0]!, placesOf(b)[0]!) || nameOf(a) - nameOf(b)),
    };
    ranksByItems.set(items, ranks);
  }
  return ranks;
}

/** The column whose kept order a sort starts from: its own, or by name for state and since. */
const rankedBy = (sort: ListSort): Ranked => (sort.column === 'kind' || sort.column === 'floor' ? sort.column : 'name');

/**
 * The places of `items` in the order `arrange` starts from for this sort: kept per list of items, so
 * a view that knows which places it shows walks them in order without sorting (board-tally.ts).
 */
export function columnOrder(items: readonly BoardItem[], sort: ListSort): Int32Array {
  return ranksFor(items)[rankedBy(sort)].places;
}

/**
 * The rows in the chosen order. `items` is a list holding every row's item, the whole board's as the
 * views pass it (its ranks are kept with it, so a filter does not rank the matches again). Ties go by
 * name, so rows of one state or one floor read alphabetically whichever way.
 */
export function sortRows(rows: readonly ItemState[], items: readonly BoardItem[], sort: ListSort): ItemState[] {
  const ranks = ranksFor(items);
  // Most of the board: picked out of the kept orders (no comparisons); a few rows: sorted.
  const picked = rows.length * 8 >= items.length ? pickedInOrder(rows, items, ranks, sort) : undefined;
  return picked ?? compared(rows, ranks, sort);
}

/** Where the state column puts a row (worst first), and the since column (latest first, never heard of last). */
const stateKey = (r: ItemState) => BUCKETS.indexOf(r.bucket);
const sinceKey = (r: ItemState) => -(r.since ?? Number.NEGATIVE_INFINITY);

/**
 * The rows walked out of the kept order of their column. Undefined when a row's item is not among the
 * items ranked, or two rows are of one href: those are sorted by comparison.
 */
function pickedInOrder(rows: readonly ItemState[], items: readonly BoardItem[], ranks: Ranks, sort: ListSort): ItemState[] | undefined {
  const byHref = new Map(rows.map((row) => [row.item.href, row]));
  if (byHref.size !== rows.length) return undefined;
  const ordered: ItemState[] = [];
  for (const at of ranks[rankedBy(sort)].places) {
    const row = byHref.get(items[at]!.href);
    if (row) ordered.push(row);
  }
  return ordered.length === rows.length ? arrange(ordered, sort) : undefined;
}

/**
 * Rows already in `columnOrder`'s order put in the sort's: reversed, grouped by state (worst first, or
 * calmest first, by name within either way), or sorted by since alone (rows of one time by name).
 */
export function arrange(ordered: ItemState[], sort: ListSort): ItemState[] {
  if (sort.column === 'state') {
    const byState = BUCKETS.map((): ItemState[] => []);
    for (const row of ordered) byState[stateKey(row)]!.push(row);
    return (sort.reversed ? byState.reverse() : byState).flat();
  }
  if (sort.column === 'since') {
    const sign = sort.reversed ? -1 : 1;
    const keyed = ordered.map((row) => ({ row, key: sinceKey(row) }));
    return keyed.sort((a, b) => (a.key === b.key ? 0 : sign * (a.key - b.key))).map((e) => e.row);
  }
  return sort.reversed ? ordered.reverse() : ordered;
}

function compared(rows: readonly ItemState[], ranks: Ranks, sort: ListSort): ItemState[] {
  const name = (r: ItemState) => ranks.name.rank.get(r.item.href) ?? 0;
  const sign = sort.reversed ? -1 : 1;
  let key: (r: ItemState) => number;
  switch (sort.column) {
    case 'name':
      key = name;
      break;
    case 'kind':
      key = (r) => ranks.kind.rank.get(r.item.href) ?? 0;
      break;
    case 'floor':
      key = (r) => ranks.floor.rank.get(r.item.href) ?? 0;
      break;
    case 'state':
      key = stateKey;
      break;
    case 'since':
      key = sinceKey;
      break;
  }
  return rows
    .map((row) => ({ row, key: key(row), name: name(row) }))
    .sort((a, b) => (a.key === b.key ? 0 : sign * (a.key - b.key)) || a.name - b.name)
    .map((e) => e.row);
}
