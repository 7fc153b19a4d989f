import { comparePlaces, layoutKey, placeLabel, SITE_PLACE } from '../../../../shared/board/places';
import type { BoardLayout } from '../../../../shared/contract/layout';
import { PINNED_GROUP } from '../../../../shared/contract/layout';
import type { BoardItem, FloorPlace } from '../../../../shared/domain';
import { nameOrder } from '../../../../shared/board/name-order';

export interface ItemGroup {
  /** The group's layout key: a floor's key, `site` or `pinned`. */
  key: string;
  /** What the group's heading says, e.g. "Level 2 · North Lifts". */
  label: string;
  items: BoardItem[];
}

const byName = (a: BoardItem, b: BoardItem) => nameOrder.compare(a.name, b.name) || a.href.localeCompare(b.href);

/** The floors an item is on; none means the site as a whole. */
export function placesOf(item: BoardItem): readonly FloorPlace[] {
  return item.floors.length > 0 ? item.floors : [SITE_PLACE];
}

/**
 * The board's groups: the operator's pinned items first (in pin order), then one group per floor in
 * floor-number order and by building, and "Site" last, unless the operator reordered them (groups the
 * operator never placed keep their natural place after the placed ones). An item on two floors is
 * shown on both; a pinned item stays on its floor too. Items by name within a floor.
 */
export function groupItems(items: readonly BoardItem[], layout: Pick<BoardLayout, 'pinned' | 'order'> = { pinned: [], order: [] }): ItemGroup[] {
  const places = new Map<string, { place: FloorPlace; items: BoardItem[] }>();
  for (const item of items) {
    for (const place of placesOf(item)) {
      let group = places.get(place.key);
      if (!group) places.set(place.key, (group = { place, items: [] }));
      group.items.push(item);
    }
  }
  const floors = [...places.values()]
    .sort((a, b) => comparePlaces(a.place, b.place))
    .map(({ place, items: list }) => ({ key: place.key, label: placeLabel(place), items: list.sort(byName) }));

  // Pins are kept by the href's path (layoutKey); a full href from an older layout matches too.
  const wanted = new Set(layout.pinned.map(layoutKey));
  const byKey = new Map(wanted.size === 0 ? [] : items.flatMap((i) => (wanted.has(layoutKey(i.href)) ? [[layoutKey(i.href), i] as const] : [])));
  const pinned = [...wanted].flatMap((key) => byKey.get(key) ?? []);
  const groups = pinned.length > 0 ? [{ key: PINNED_GROUP, label: 'Pinned', items: pinned }, ...floors] : floors;
  return orderGroups(groups, layout.order);
}

/** Groups the operator placed come first in the operator's order; the rest keep their natural order. */
export function orderGroups<G extends { key: string }>(groups: readonly G[], order: readonly string[]): G[] {
  const rank = new Map(order.map((key, i) => [key, i]));
  return groups
    .map((group, natural) => ({ group, natural }))
    .sort((a, b) => (rank.get(a.group.key) ?? Infinity) - (rank.get(b.group.key) ?? Infinity) || a.natural - b.natural)
    .map((e) => e.group);
}
