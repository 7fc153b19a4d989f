import { BOARD_PART_ITEMS, type BoardItemsPart, type BoardPage } from '../../../shared/contract/board';
import { packItem, packLiveness, packStatus, SharedWriter, type PackedLiveness, type PackedStatus } from '../../../shared/contract/board-packing';
import type { BoardItem } from '../../../shared/domain';
import { NOTHING_HELD, type BoardLookup, type ItemLookup } from './board-lookup';
import { DeskError } from '../../../shared/errors';

/** A part's items packed, and its shared values as they were written: each part made of it adds its liveness reasons to a copy. */
interface PackedPart {
  place: Pick<BoardItemsPart, 'generation' | 'part' | 'parts' | 'items'>;
  items: readonly BoardItem[];
  shared: SharedWriter;
}

/** How many parts `count` items take: an empty board is one empty part. */
function partCount(count: number, size: number): number {
  return Math.max(1, Math.ceil(count / size));
}

function packPart(items: readonly BoardItem[], generation: number, part: number, size: number): PackedPart {
  const parts = partCount(items.length, size);
  const slice = items.slice(part * size, (part + 1) * size);
  const shared = new SharedWriter();
  const packed = slice.map((item) => packItem(item, shared));
  return { place: { generation, part, parts, items: packed }, items: slice, shared };
}

/** The part with its items' statuses and liveness as `held` gives them now. */
function withNews(packed: PackedPart, held: ItemLookup): BoardItemsPart {
  const shared = packed.shared.copy();
  const statuses: PackedStatus[] = [];
  const liveness: PackedLiveness[] = [];
  for (const { href } of packed.items) {
    const status = held.status(href);
    if (status) statuses.push(packStatus(status, shared));
    const stale = held.staleness(href);
    if (stale) liveness.push(packLiveness(stale, shared));
  }
  return { ...packed.place, shared: shared.values, statuses, liveness };
}

/** The board's items cut into packed parts of at most `size`, numbered from 0; an empty board is one empty part. */
export function splitBoard(items: readonly BoardItem[], generation: number, size = BOARD_PART_ITEMS, held = NOTHING_HELD): BoardItemsPart[] {
  return Array.from({ length: partCount(items.length, size) }, (_, part) => withNews(packPart(items, generation, part, size), held));
}

/**
 * The list of board items main last published, with its generation: what board.get pages through, so a
 * page and the events always agree on which items a generation holds. Each part's items are packed
 * once, when first sent or asked for; its statuses and liveness are looked up each time it is made.
 */
export class PublishedBoard {
  #generation = 0;
  #items: readonly BoardItem[] = [];
  /** Each part packed the first time it is sent or asked for: a host starting with no page open packs none. */
  #packed: (PackedPart | undefined)[] = [];

  constructor(private readonly size = BOARD_PART_ITEMS) {}

  get generation(): number {
    return this.#generation;
  }

  /** A new list of items: a new generation. */
  publish(items: readonly BoardItem[]): void {
    this.#items = items;
    this.#generation++;
    this.#packed = [];
  }

  /** Every part of the current generation, as the board.items events carry them, with what `held` gives now. */
  parts(held: ItemLookup): BoardItemsPart[] {
    return Array.from({ length: this.partCount }, (_, part) => withNews(this.packed(part), held));
  }

  private get partCount(): number {
    return partCount(this.#items.length, this.size);
  }

  private packed(part: number): PackedPart {
    return (this.#packed[part] ??= packPart(this.#items, this.#generation, part, this.size));
  }

  /**
   * Part `part` of the current generation, with those items' statuses and liveness: each answer is as
   * bounded as an event, and costs as much, whatever the size of the site.
   */
  page(lookup: BoardLookup, part = 0): BoardPage {
    const parts = this.partCount;
    if (part >= parts) {
      throw new DeskError('invalid-call', `The board has ${parts} part${parts === 1 ? '' : 's'} now; part ${part} is not one of them: ask for part 0 again`);
    }
    return { connection: lookup.connection, ...withNews(this.packed(part), lookup) };
  }
}
