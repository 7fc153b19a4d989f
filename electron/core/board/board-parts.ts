import { BOARD_PART_ITEMS, type BoardItemsPart, type BoardPage } from '../../../shared/contract/board';
import type { BoardItem, ItemLiveness, ItemStatus } from '../../../shared/domain';
import type { BoardLookup } from './board-lookup';
import { DeskError } from '../../../shared/errors';

/** The board's items cut into parts of at most `size`, numbered from 0; an empty board is one empty part. */
export function splitBoard(items: readonly BoardItem[], generation: number, size = BOARD_PART_ITEMS): BoardItemsPart[] {
  const parts = Math.max(1, Math.ceil(items.length / size));
  return Array.from({ length: parts }, (_, part) => ({ generation, part, parts, items: items.slice(part * size, (part + 1) * size) }));
}

/**
 * The list of board items main last published, with its generation: what board.get pages through, so a
 * page and the events always agree on which items a generation holds.
 */
export class PublishedBoard {
  #generation = 0;
  #items: readonly BoardItem[] = [];

  constructor(private readonly size = BOARD_PART_ITEMS) {}

  get generation(): number {
    return this.#generation;
  }

  get items(): readonly BoardItem[] {
    return this.#items;
  }

  /** A new list of items: a new generation, and the parts that carry it. */
  publish(items: readonly BoardItem[]): BoardItemsPart[] {
    this.#items = items;
    this.#generation++;
    return splitBoard(items, this.#generation, this.size);
  }

  /**
   * Part `part` of the current generation, with those items' statuses and liveness: each answer is as
   * bounded as an event, and costs as much, whatever the size of the site.
   */
  page(lookup: BoardLookup, part = 0): BoardPage {
    const parts = Math.max(1, Math.ceil(this.#items.length / this.size));
    if (part >= parts) {
      throw new DeskError('invalid-call', `The board has ${parts} part${parts === 1 ? '' : 's'} now; part ${part} is not one of them: ask for part 0 again`);
    }
    const items = this.#items.slice(part * this.size, (part + 1) * this.size);
    const statuses: ItemStatus[] = [];
    const liveness: ItemLiveness[] = [];
    for (const { href } of items) {
      const status = lookup.status(href);
      if (status) statuses.push(status);
      const stale = lookup.staleness(href);
      if (stale) liveness.push(stale);
    }
    return { connection: lookup.connection, generation: this.#generation, part, parts, items, statuses, liveness };
  }
}
