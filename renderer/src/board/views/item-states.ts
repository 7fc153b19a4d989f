import type { BoardItem } from '../../../../shared/domain';
import { BUCKETS, itemState, type ItemState, type StateSource } from '../lib/item-state';

/** An item whose state moved from one bucket to another (indices into BUCKETS), by its place in the items. */
export interface BucketMove {
  at: number;
  from: number;
  to: number;
}

/** What a refresh changed: the places whose state was read again, and those whose bucket moved. */
export interface StateChanges {
  read: number[];
  moves: BucketMove[];
}

const BUCKET_INDEX = new Map(BUCKETS.map((b, i) => [b, i]));

/** A bucket's place in BUCKETS (worst first): what the counts and the list's state order go by. */
export function bucketIndex(state: ItemState): number {
  return BUCKET_INDEX.get(state.bucket)!;
}

/**
 * Every item's state (the overview's and the list's reading of it), kept item by item: read once for
 * the whole board, then again only for the items whose status or liveness changed. At 50,000 items a
 * reading of every item took 50 ms and more; 100 changes a second are a few dozen items a reading.
 * Items are by their place in the board's list (`at`), so the counts can keep plain arrays of numbers.
 */
export class ItemStates {
  readonly states: ItemState[];
  /** Each item's bucket, as its index in BUCKETS. */
  readonly buckets: Uint8Array;
  /** The first place of each href; `#nextSame` chains a second item of the same href, should a board have one. */
  readonly #first = new Map<string, number>();
  readonly #nextSame: Int32Array;

  constructor(
    readonly items: readonly BoardItem[],
    private readonly source: StateSource,
  ) {
    this.states = items.map((item) => itemState(item, source));
    this.buckets = Uint8Array.from(this.states, bucketIndex);
    this.#nextSame = new Int32Array(items.length).fill(-1);
    for (let at = items.length - 1; at >= 0; at--) {
      const href = items[at]!.href;
      const next = this.#first.get(href);
      if (next !== undefined) this.#nextSame[at] = next;
      this.#first.set(href, at);
    }
  }

  /** The items of these hrefs read again from the source; hrefs not on the board are passed over. */
  refresh(hrefs: Iterable<string>): StateChanges {
    const changes: StateChanges = { read: [], moves: [] };
    for (const href of hrefs) {
      for (let at = this.#first.get(href) ?? -1; at >= 0; at = this.#nextSame[at]!) {
        const state = itemState(this.items[at]!, this.source);
        const from = this.buckets[at]!;
        const to = bucketIndex(state);
        this.states[at] = state;
        this.buckets[at] = to;
        changes.read.push(at);
        if (from !== to) changes.moves.push({ at, from, to });
      }
    }
    return changes;
  }
}
