import { comparePlaces, placeLabel, SITE_PLACE } from '../../../../../shared/board/places';
import type { OverviewGrouping } from '../../../../../shared/contract/layout';
import type { BoardItem, FloorPlace } from '../../../../../shared/domain';
import { placesOf } from '../../lib/grouping';
import { BUCKETS, type StateBucket } from '../../lib/item-state';
import { nameOrder } from '../../../../../shared/board/name-order';

/** One group the overview counts: a floor, a building or a division. */
export interface CountGroup {
  key: string;
  label: string;
}

export type BucketCounts = Record<StateBucket, number>;

export interface CountRow extends CountGroup {
  counts: BucketCounts;
  total: number;
}

/** The key of the whole site's row (every item once). */
export const WHOLE_SITE = '*';

const NO_BUILDING: CountGroup = { key: 'building:', label: 'No building' };
const NO_DIVISION: CountGroup = { key: 'division:', label: 'No division' };

/**
 * The groups an item counts in. By floor, the board's own floor groups (an item on two floors counts
 * on both, as its tile shows on both); by building, each building of its floors once, and the site's
 * items without a floor as "Site"; by division, its division.
 */
export function groupsOf(item: BoardItem, by: OverviewGrouping): readonly CountGroup[] {
  // Board items are replaced, never changed: an item's groups are worked out once per grouping.
  const memo = groupsMemo[by];
  let groups = memo.get(item);
  if (!groups) memo.set(item, (groups = groupsOfItem(item, by)));
  return groups;
}

const groupsMemo: Record<OverviewGrouping, WeakMap<BoardItem, readonly CountGroup[]>> = { floor: new WeakMap(), building: new WeakMap(), division: new WeakMap() };

function groupsOfItem(item: BoardItem, by: OverviewGrouping): CountGroup[] {
  if (by === 'division') {
    const division = item.division;
    return [division ? { key: `division:${division.href}`, label: division.name ?? division.id ?? division.href } : NO_DIVISION];
  }
  const places = placesOf(item);
  if (by === 'floor') return places.map((place) => ({ key: place.key, label: placeLabel(place) }));
  const buildings = new Map<string, CountGroup>();
  for (const place of places) {
    const group = place.key === SITE_PLACE.key ? { key: SITE_PLACE.key, label: SITE_PLACE.name } : place.building ? { key: `building:${place.building}`, label: place.building } : NO_BUILDING;
    buildings.set(group.key, group);
  }
  return [...buildings.values()];
}

/** Whether an item is among those a count stands for: in the group (any group for the whole site) and in the bucket. */
export function inCount(item: BoardItem, bucket: StateBucket, by: OverviewGrouping, count: { key: string; bucket: StateBucket }): boolean {
  if (bucket !== count.bucket) return false;
  return count.key === WHOLE_SITE || groupsOf(item, by).some((g) => g.key === count.key);
}

export function emptyCounts(): BucketCounts {
  return Object.fromEntries(BUCKETS.map((b) => [b, 0])) as BucketCounts;
}

/**
 * Counts every item by group and by state, and the whole site (each item once). Rows come in the
 * board's order: floors by number and building, buildings and divisions by name, the site last.
 */
export function countSite(
  items: readonly BoardItem[],
  bucketOf: (item: BoardItem) => StateBucket,
  by: OverviewGrouping,
): { site: CountRow; rows: CountRow[] } {
  const site: CountRow = { key: WHOLE_SITE, label: 'Whole site', counts: emptyCounts(), total: 0 };
  const rows = new Map<string, CountRow>();
  const floorOf = new Map<string, FloorPlace>();
  for (const item of items) {
    const bucket = bucketOf(item);
    site.counts[bucket]++;
    site.total++;
    for (const group of groupsOf(item, by)) {
      let row = rows.get(group.key);
      if (!row) rows.set(group.key, (row = { ...group, counts: emptyCounts(), total: 0 }));
      row.counts[bucket]++;
      row.total++;
    }
    if (by === 'floor') for (const place of placesOf(item)) floorOf.set(place.key, place);
  }
  return { site, rows: sortCountGroups([...rows.values()], by, floorOf) };
}

/**
 * Groups in the overview's row order: floors by number and building, buildings and divisions by name
 * (two of one name by key), the catch-all groups after the named ones. `floorOf` gives each floor
 * group's place (by its key) when counting by floor.
 */
export function sortCountGroups<G extends CountGroup>(groups: G[], by: OverviewGrouping, floorOf: ReadonlyMap<string, FloorPlace>): G[] {
  return groups.sort(
    by === 'floor'
      ? (a, b) => comparePlaces(floorOf.get(a.key)!, floorOf.get(b.key)!)
      : (a, b) => lastAmong(a) - lastAmong(b) || nameOrder.compare(a.label, b.label) || a.key.localeCompare(b.key),
  );
}

/** The catch-all groups (the site's own items, none known) come after the named ones. */
function lastAmong(row: CountGroup): number {
  return row.key === SITE_PLACE.key || row.key === NO_BUILDING.key || row.key === NO_DIVISION.key ? 1 : 0;
}

/** The worst state a row has any item in (BUCKETS order), or undefined when it is empty. */
export function worstBucket(counts: BucketCounts): StateBucket | undefined {
  return BUCKETS.find((b) => counts[b] > 0);
}

/** The states that need a guard's eye: a row with any of them goes to the top. */
const NEEDS_LOOK: readonly StateBucket[] = ['alarm', 'offline', 'unknown', 'notLive'];

/**
 * Rows worst first, so what needs a guard is at the top however many groups the site has: rows with an
 * alarm, offline, unknown or not-live item first, by the worst of these and then by how many items are
 * in it; the rest (caution and normal only) after them in the given order, so a calm site does not
 * shuffle.
 */
export function worstFirst(rows: readonly CountRow[]): CountRow[] {
  const rank = (row: CountRow) => {
    const worst = NEEDS_LOOK.findIndex((b) => row.counts[b] > 0);
    return worst < 0 ? NEEDS_LOOK.length : worst;
  };
  const needing = (row: CountRow, at: number) => (at < NEEDS_LOOK.length ? row.counts[NEEDS_LOOK[at]!] : 0);
  return rows
    .map((row, natural) => ({ row, natural, rank: rank(row) }))
    .sort((a, b) => a.rank - b.rank || needing(b.row, b.rank) - needing(a.row, a.rank) || a.natural - b.natural)
    .map((e) => e.row);
}
