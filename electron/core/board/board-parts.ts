import { BOARD_PART_ITEMS, type BoardItemsPart, type BoardPage } from '../../../shared/contract/board';
import { packItem, packLiveness, SharedWriter, type PackedLiveness } from '../../../shared/contract/board-packing';
import type { BoardItem, ItemStatus } from '../../../shared/domain';
import type { BoardLookup } from './board-lookup';
import { DeskError } from '../../../shared/errors';

/** A part as sent, and its shared values as they were written: a page adds its liveness reasons to a copy. */
interface PackedPart {
  part: BoardItemsPart;
  items: readonly BoardItem[];
  shared: SharedWriter;
}

function packParts(items: readonly BoardItem[], generation: number, size: number): PackedPart[] {
  const parts = Math.max(1, Math.ceil(items.length / size));
  return Array.from({ length: parts }, (_, part) => {
    const slice = items.slice(part * size, (part + 1) * size);
    const shared = new SharedWriter();
    const packed = slice.map((item) => packItem(item, shared));
    return { part: { generation, part, parts, shared: shared.values, items: packed }, items: slice, shared };
  });
}

/** The board's items cut into packed parts of at most `size`, numbered from 0; an empty board is one empty part. */
export function splitBoard(items: readonly BoardItem[], generation: number, size = BOARD_PART_ITEMS): BoardItemsPart[] {
  return packParts(items, generation, size).map((p) => p.part);
}

/**
 * The list of board items main last published, with its generation: what board.get pages through, so a
 * page and the events always agree on which items a generation holds. Each part is packed once, when
 * published, and every page of it reuses that.
 */
export class PublishedBoard {
  #generation = 0;
  #parts: PackedPart[] = packParts([], 0, BOARD_PART_ITEMS);

  constructor(private readonly size = BOARD_PART_ITEMS) {}

  get generation(): number {
    return this.#generation;
  }

  /** A new list of items: a new generation, and the parts that carry it. */
  publish(items: readonly BoardItem[]): BoardItemsPart[] {
    this.#generation++;
    this.#parts = packParts(items, this.#generation, this.size);
    return this.#parts.map((p) => p.part);
  }

  /**
   * Part `part` of the current generation, with those items' statuses and liveness: each answer is as
   * bounded as an event, and costs as much, whatever the size of the site.
   */
  page(lookup: BoardLookup, part = 0): BoardPage {
    const packed = this.#parts[part];
    if (!packed) {
      const parts = this.#parts.length;
      throw new DeskError('invalid-call', `The board has ${parts} part${parts === 1 ? '' : 's'} now; part ${part} is not one of them: ask for part 0 again`);
    }
    const shared = packed.shared.copy();
    const statuses: ItemStatus[] = [];
    const liveness: PackedLiveness[] = [];
    for (const { href } of packed.items) {
      const status = lookup.status(href);
      if (status) statuses.push(status);
      const stale = lookup.staleness(href);
      if (stale) liveness.push(packLiveness(stale, shared));
    }
    return { connection: lookup.connection, ...packed.part, shared: shared.values, statuses, liveness };
  }
}
