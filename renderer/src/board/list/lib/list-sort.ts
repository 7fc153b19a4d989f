import { comparePlaces, placeLabel } from '../../../../../shared/board/places';
import type { BoardItem } from '../../../../../shared/domain';
import { kindNoun } from '../../../lib/board/kind-words';
import { placesOf } from '../../lib/grouping';
import { BUCKETS, type ItemState } from '../../lib/item-state';

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

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

interface Ranks {
  name: Map<string, number>;
  kind: Map<string, number>;
  floor: Map<string, number>;
}

// Names, kinds and floors change only with the items, so each is put in order once per list of items;
// a status change then re-sorts by numbers alone (10,000 rows sorted with a collator take a frame or more).
const ranksByItems = new WeakMap<readonly BoardItem[], Ranks>();

function rankOf(items: readonly BoardItem[], compare: (a: BoardItem, b: BoardItem) => number): Map<string, number> {
  return new Map([...items].sort(compare).map((item, i) => [item.href, i]));
}

function ranksFor(items: readonly BoardItem[]): Ranks {
  let ranks = ranksByItems.get(items);
  if (!ranks) {
    const byName = (a: BoardItem, b: BoardItem) => collator.compare(a.name, b.name) || a.href.localeCompare(b.href);
    const name = rankOf(items, byName);
    ranks = {
      name,
      kind: rankOf(items, (a, b) => collator.compare(kindNoun(a.kind), kindNoun(b.kind)) || name.get(a.href)! - name.get(b.href)!),
      floor: rankOf(items, (a, b) => comparePlaces(placesOf(a)[0]!, placesOf(b)[0]!) || name.get(a.href)! - name.get(b.href)!),
    };
    ranksByItems.set(items, ranks);
  }
  return ranks;
}

/**
 * The rows in the chosen order. `items` is a list holding every row's item, the whole board's as the
 * views pass it (its ranks are kept with it, so a filter does not rank the matches again). Ties go by name, so rows of one state or one floor read alphabetically whichever way.
 */
export function sortRows(rows: readonly ItemState[], items: readonly BoardItem[], sort: ListSort): ItemState[] {
  const ranks = ranksFor(items);
  const name = (r: ItemState) => ranks.name.get(r.item.href) ?? 0;
  const sign = sort.reversed ? -1 : 1;
  let key: (r: ItemState) => number;
  switch (sort.column) {
    case 'name':
      key = name;
      break;
    case 'kind':
      key = (r) => ranks.kind.get(r.item.href) ?? 0;
      break;
    case 'floor':
      key = (r) => ranks.floor.get(r.item.href) ?? 0;
      break;
    case 'state':
      key = (r) => BUCKETS.indexOf(r.bucket);
      break;
    case 'since':
      // Latest first; never heard of last.
      key = (r) => -(r.since ?? Number.NEGATIVE_INFINITY);
      break;
  }
  return rows
    .map((row) => ({ row, key: key(row), name: name(row) }))
    .sort((a, b) => sign * (a.key - b.key) || a.name - b.name)
    .map((e) => e.row);
}
