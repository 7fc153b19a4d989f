import { placeLabel } from '../../../../shared/board/places';
import type { BoardItem, ItemKind } from '../../../../shared/domain';
import { placesOf } from './grouping';

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

function haystackOf(item: BoardItem): string {
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

/** Whether an item matches every search word (name, short name, description, floor, division) and every filter. */
export function matchesFilter(item: BoardItem, filter: BoardFilter): boolean {
  if (filter.kind !== 'all' && item.kind !== filter.kind) return false;
  if (filter.division !== 'all' && item.division?.href !== filter.division) return false;
  if (filter.floor && filter.floor !== 'all' && !placesOf(item).some((p) => p.key === filter.floor)) return false;
  const words = filter.text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = haystackOf(item);
  return words.every((w) => haystack.includes(w));
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** The divisions the board's items belong to, by name (the server's, else the division's id). */
export function divisionChoices(items: readonly BoardItem[]): Choice[] {
  const byHref = new Map<string, string>();
  for (const { division } of items) {
    if (division && !byHref.has(division.href)) byHref.set(division.href, division.name ?? division.id ?? division.href);
  }
  return [...byHref].map(([value, label]) => ({ value, label })).sort((a, b) => collator.compare(a.label, b.label));
}

/** The floors the board's items are on, in the board's order. */
export function floorChoices(items: readonly BoardItem[]): Choice[] {
  const places = new Map<string, ReturnType<typeof placesOf>[number]>();
  for (const item of items) for (const place of placesOf(item)) if (!places.has(place.key)) places.set(place.key, place);
  return [...places.values()]
    .sort((a, b) => (a.floorNumber ?? Infinity) - (b.floorNumber ?? Infinity) || collator.compare(a.building ?? '', b.building ?? ''))
    .map((p) => ({ value: p.key, label: placeLabel(p) }));
}
