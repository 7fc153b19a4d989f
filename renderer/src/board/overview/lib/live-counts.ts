import type { OverviewGrouping } from '../../../../../shared/contract/layout';
import type { BoardItem, FloorPlace } from '../../../../../shared/domain';
import { placesOf } from '../../lib/grouping';
import { BUCKETS } from '../../lib/item-state';
import { emptyCounts, groupsOf, sortCountGroups, WHOLE_SITE, type CountGroup, type CountRow } from './site-counts';

const WIDTH = BUCKETS.length;

/** What the overview shows: the whole site's row and the groups' rows, as `countSite` gives them. */
export interface SiteCounts {
  site: CountRow;
  rows: CountRow[];
}

/**
 * The overview's counts for one grouping, kept as items move between states instead of counted again
 * over every item: a filter counts its matches once, then each status change moves one item from one
 * count to another in its groups. Items are by their place in the board's list. Rows whose counts did
 * not change keep their object, so the table redraws only the rows that changed.
 */
export class LiveCounts {
  /** Every group the items are in, in the overview's row order. */
  readonly #groups: CountGroup[];
  /** Item `at`'s groups are `#groupOf[#start[at] .. #start[at + 1])`, as indices into `#groups`. */
  readonly #start: Int32Array;
  readonly #groupOf: Int32Array;
  /** Per group, its count in each bucket (`group * WIDTH + bucket`), of the items counted. */
  readonly #counts: Int32Array;
  readonly #site = new Int32Array(WIDTH);
  /** The row last shown for each group (and the site), kept while its counts stay the same. */
  readonly #rows: (CountRow | undefined)[];
  #siteRow: CountRow | undefined;
  #shown: SiteCounts | undefined;

  constructor(items: readonly BoardItem[], by: OverviewGrouping) {
    const byKey = new Map<string, number>();
    const found: CountGroup[] = [];
    const floorOf = new Map<string, FloorPlace>();
    const lists = items.map((item) => {
      if (by === 'floor') for (const place of placesOf(item)) floorOf.set(place.key, place);
      return groupsOf(item, by).map((group) => {
        let index = byKey.get(group.key);
        if (index === undefined) byKey.set(group.key, (index = found.push(group) - 1));
        return index;
      });
    });
    // Indices in row order, so the rows come out in order by walking the groups.
    this.#groups = sortCountGroups([...found], by, floorOf);
    const rank = new Int32Array(found.length);
    this.#groups.forEach((group, i) => (rank[byKey.get(group.key)!] = i));
    this.#start = new Int32Array(items.length + 1);
    lists.forEach((list, at) => (this.#start[at + 1] = this.#start[at]! + list.length));
    this.#groupOf = new Int32Array(this.#start[items.length]!);
    lists.forEach((list, at) => list.forEach((index, k) => (this.#groupOf[this.#start[at]! + k] = rank[index]!)));
    this.#counts = new Int32Array(this.#groups.length * WIDTH);
    this.#rows = new Array<CountRow | undefined>(this.#groups.length);
  }

  /** Counts these items (places) afresh, each in its bucket (`buckets[at]`, an index into BUCKETS). */
  recount(places: Iterable<number>, buckets: Uint8Array): void {
    this.#counts.fill(0);
    this.#site.fill(0);
    for (const at of places) this.#add(at, buckets[at]!, 1);
    this.#shown = undefined;
  }

  /** A counted item moved from one bucket to another. */
  move(at: number, from: number, to: number): void {
    if (from === to) return;
    this.#add(at, from, -1);
    this.#add(at, to, 1);
    this.#shown = undefined;
  }

  /** The site's row and the rows of the groups with any item counted, in row order. */
  shown(): SiteCounts {
    if (this.#shown) return this.#shown;
    this.#siteRow = rowOf({ key: WHOLE_SITE, label: 'Whole site' }, this.#site, 0, this.#siteRow);
    const rows: CountRow[] = [];
    for (let g = 0; g < this.#groups.length; g++) {
      const row = (this.#rows[g] = rowOf(this.#groups[g]!, this.#counts, g * WIDTH, this.#rows[g]));
      if (row.total > 0) rows.push(row);
    }
    return (this.#shown = { site: this.#siteRow, rows });
  }

  #add(at: number, bucket: number, n: number): void {
    this.#site[bucket]! += n;
    for (let k = this.#start[at]!; k < this.#start[at + 1]!; k++) this.#counts[this.#groupOf[k]! * WIDTH + bucket]! += n;
  }
}

/** A group's row from its counts, the row it had when they are the same. */
function rowOf(group: CountGroup, counts: Int32Array, from: number, had: CountRow | undefined): CountRow {
  if (had && BUCKETS.every((b, i) => had.counts[b] === counts[from + i])) return had;
  const row: CountRow = { key: group.key, label: group.label, counts: emptyCounts(), total: 0 };
  BUCKETS.forEach((b, i) => {
    row.counts[b] = counts[from + i]!;
    row.total += counts[from + i]!;
  });
  return row;
}
