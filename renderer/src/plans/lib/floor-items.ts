import { layoutKey, placeLabel } from '../../../../shared/board/places';
import type { BoardItem } from '../../../../shared/domain';
import { placesOf } from '../../board/lib/grouping';
import { nameOrder } from '../../../../shared/board/name-order';

export interface PinLike {
  href: string;
  x: number;
  y: number;
}

export interface PlacedItem<P extends PinLike = PinLike> {
  item: BoardItem;
  pin: P;
}

export interface FloorPins<P extends PinLike = PinLike> {
  /** Pins whose item the board has now, with that item. */
  placed: PlacedItem<P>[];
  /** The floor's items with no pin yet, by name, for the list beside the plan. */
  unplaced: BoardItem[];
  /** Pins of items the board no longer lists: shown as such, so the guard can remove them. */
  orphans: P[];
}

// Items are replaced, never mutated: one parse of each item's href however often the pins are matched
// (a board of 10,000 items would otherwise parse 10,000 URLs on every match).
const keys = new WeakMap<BoardItem, string>();
function keyOf(item: BoardItem): string {
  let key = keys.get(item);
  if (key === undefined) keys.set(item, (key = pathOf(item.href)));
  return key;
}

/** Main answers pins by path already; only a full address needs parsing (layoutKey). */
function pathOf(href: string): string {
  return href.startsWith('/') ? href : layoutKey(href);
}

/** The board's items on this floor (the same rule as the board's floor groups). */
export function itemsOnFloor(items: readonly BoardItem[], floor: string): BoardItem[] {
  return items.filter((item) => placesOf(item).some((place) => place.key === floor));
}

/**
 * Matches a plan's pins to the board's items. Pins are matched by the href's path (layoutKey), as the
 * board's own layout is: the demo site, say, comes back on another port after a restart. A pin may name
 * an item on another floor too (an item on two floors): it is shown wherever it was placed.
 */
export function matchPins<P extends PinLike>(items: readonly BoardItem[], floor: string, pins: readonly P[]): FloorPins<P> {
  const byKey = new Map(items.map((item) => [keyOf(item), item]));
  const pinned = new Set<string>();
  const placed: PlacedItem<P>[] = [];
  const orphans: P[] = [];
  for (const pin of pins) {
    const item = byKey.get(pathOf(pin.href));
    if (item) {
      placed.push({ item, pin });
      pinned.add(keyOf(item));
    } else orphans.push(pin);
  }
  const unplaced = itemsOnFloor(items, floor)
    .filter((item) => !pinned.has(keyOf(item)))
    .sort((a, b) => nameOrder.compare(a.name, b.name));
  return { placed, unplaced, orphans };
}

/** What the board calls the floor ("Level 1 · North Lifts"), from any of its items; the key when none is left. */
export function floorLabel(items: readonly BoardItem[], floor: string): string {
  for (const item of items) {
    const place = placesOf(item).find((p) => p.key === floor);
    if (place) return placeLabel(place);
  }
  return floor;
}
