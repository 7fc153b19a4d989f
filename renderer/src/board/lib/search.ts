import { placeLabel } from '../../../../shared/board/places';
import type { BoardItem, ItemKind } from '../../../../shared/domain';
import { placesOf } from './grouping';
import { nameOrder } from '../../../../shared/board/name-order';

/** The board's filters: search words, one item type, one division (by href), one floor (by key). */
export interface BoardFilter {
  text: string;
  kind: ItemKind | 'all';
  division: string | 'all';
  floor?: string | 'all';
}

export interface Choice {
  value: string;
  label: string;
}

// Items are replaced, never mutated: one lower-cased haystack per item however often the filter runs.
const haystacks = new WeakMap<BoardItem, string>();

/** What the search words are looked for in: an item's names, description, division and floors, lower-cased. */
export function haystackOf(item: BoardItem): string {
  let text = haystacks.get(item);
  if (text === undefined) {
    text = [item.name, item.shortName, item.description, item.division?.name, ...placesOf(item).map(placeLabel)]
      .filter(Boolean)
      .join(' ')
      .toLowerCase();
    haystacks.set(item, text);
  }
  return text;
}

/** The search box's words, lower-cased: what every filter compares (so "Door  1" and "door 1" are one search). */
export function searchWords(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter(Boolean);
}

/** One filter as a test of items: its words split once, not once per item. */
export function matcherOf(filter: BoardFilter): (item: BoardItem) => boolean {
  const words = searchWords(filter.text);
  const floor = filter.floor && filter.floor !== 'all' ? filter.floor : undefined;
  return (item) => {
    if (filter.kind !== 'all' && item.kind !== filter.kind) return false;
    if (filter.division !== 'all' && item.division?.href !== filter.division) return false;
    if (floor !== undefined && !placesOf(item).some((p) => p.key === floor)) return false;
    if (words.length === 0) return true;
    const haystack = haystackOf(item);
    return words.every((w) => haystack.includes(w));
  };
}

// A view filters every item with one filter object: its matcher is made once for all of them.
let lastFilter: BoardFilter | undefined;
let lastMatcher: (item: BoardItem) => boolean = () => true;

/** Whether an item matches every search word (name, short name, description, floor, division) and every filter. */
export function matchesFilter(item: BoardItem, filter: BoardFilter): boolean {
  if (filter !== lastFilter) {
    lastMatcher = matcherOf(filter);
    lastFilter = filter;
  }
  return lastMatcher(item);
}

/** The divisions the board's items belong to, by name (the server's, else the division's id). */
export function divisionChoices(items: readonly BoardItem[]): Choice[] {
  const byHref = new Map<string, string>();
  for (const { division } of items) {
    if (division && !byHref.has(division.href)) byHref.set(division.href, division.name ?? division.id ?? division.href);
  }
  return [...byHref].map(([value, label]) => ({ value, label })).sort((a, b) => nameOrder.compare(a.label, b.label));
}

/** The floors the board's items are on, in the board's order. */
export function floorChoices(items: readonly BoardItem[]): Choice[] {
  const places = new Map<string, ReturnType<typeof placesOf>[number]>();
  for (const item of items) for (const place of placesOf(item)) if (!places.has(place.key)) places.set(place.key, place);
  return [...places.values()]
    .sort((a, b) => (a.floorNumber ?? Infinity) - (b.floorNumber ?? Infinity) || nameOrder.compare(a.building ?? '', b.building ?? ''))
    .map((p) => ({ value: p.key, label: placeLabel(p) }));
}
