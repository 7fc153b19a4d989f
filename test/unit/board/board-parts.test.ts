import { describe, expect, it } from 'vitest';
import { NOTHING_HELD, type BoardLookup, type ItemLookup } from '../../../electron/core/board/board-lookup';
import { PublishedBoard, splitBoard } from '../../../electron/core/board/board-parts';
import { ContractEvents } from '../../../electron/core/events';
import { BOARD_PART_ITEMS, BoardItemsPart, type BoardPage } from '../../../shared/contract/board';
import { unpackPart } from '../../../shared/contract/board-packing';
import type { BoardItem } from '../../../shared/domain';

const item = (n: number): BoardItem => ({ href: `d${n}`, id: String(n), kind: 'door', name: `Door ${n}`, commands: [], commandOffers: [], group: 'Site', floors: [] });
const items = (count: number) => Array.from({ length: count }, (_, n) => item(n));

describe('the board cut into parts (issue 10: never more than a screen\'s worth in one message)', () => {
  it('cuts 10,000 items into parts of at most 500, numbered in order, that together are the whole list', () => {
    const all = items(10_000);
    const parts = splitBoard(all, 7);
    expect(parts).toHaveLength(20);
    expect(parts.map((p) => p.part)).toEqual([...Array(20).keys()]);
    expect(parts.every((p) => p.generation === 7 && p.parts === 20 && p.items.length <= BOARD_PART_ITEMS)).toBe(true);
    expect(parts.flatMap((p) => unpackPart(p).items)).toEqual(all);
    // Each part passes the contract's schema, which refuses more than the bound.
    for (const part of parts) expect(BoardItemsPart.safeParse(part).success).toBe(true);
    expect(BoardItemsPart.safeParse({ generation: 7, part: 0, parts: 1, shared: [], items: items(501), statuses: [] }).success).toBe(false);
  });

  it('sends an empty board as one empty part, and a board of exactly one part\'s size as one part', () => {
    expect(splitBoard([], 1)).toEqual([{ generation: 1, part: 0, parts: 1, shared: [], items: [], statuses: [], liveness: [] }]);
    expect(splitBoard(items(500), 1)).toHaveLength(1);
    expect(splitBoard(items(501), 1).map((p) => p.items.length)).toEqual([500, 1]);
  });

  it('publishes each list as a new generation on the contract, its statuses and liveness inside it, and the whole list to the desk\'s own listeners', () => {
    const events = new ContractEvents();
    const sent: BoardItemsPart[] = [];
    const whole: (readonly BoardItem[])[] = [];
    const heldBy: ItemLookup[] = [];
    const deltas: unknown[] = [];
    events.on('board.items', (part) => sent.push(part));
    events.on('status.delta', (batch) => deltas.push(batch));
    events.on('status.liveness', (batch) => deltas.push(batch));
    events.onBoard((list, held) => {
      whole.push(list);
      heldBy.push(held);
    });
    const held = heldFor(items(1_200));
    events.publishBoard(items(1_200), held);
    events.publishBoard(items(3), NOTHING_HELD);
    expect(sent.map((p) => [p.generation, p.part, p.parts, p.items.length, p.statuses.length, p.liveness.length])).toEqual([
      [1, 0, 3, 500, 500, 0],
      [1, 1, 3, 500, 500, 1],
      [1, 2, 3, 200, 200, 0],
      [2, 0, 1, 3, 0, 0],
    ]);
    // Each part carries its own items' news: a status for every item, and d900 stale in the second part.
    const second = unpackPart(sent[1]!);
    expect(second.statuses.map((s) => s.href)).toEqual(second.items.map((i) => i.href));
    expect(second.liveness).toEqual([{ href: 'd900', state: 'stale', since: 1 }]);
    // Nothing comes again as a delta: the board is the news.
    expect(deltas).toEqual([]);
    expect(whole.map((list) => list.length)).toEqual([1_200, 3]);
    expect(heldBy).toEqual([held, NOTHING_HELD]);
    expect(events.board.generation).toBe(2);
  });
});

/** Every item closed, d900 stale. */
function heldFor(list: BoardItem[]): ItemLookup {
  const statuses = new Map(list.map((i) => [i.href, { href: i.href, flags: ['closed'], statusText: '', receivedAt: 1 }]));
  return {
    status: (href) => statuses.get(href),
    staleness: (href) => (href === 'd900' ? { href, state: 'stale', since: 1 } : undefined),
  };
}

describe('board.get pages', () => {
  /** Every item closed, one stale: the session's lookup as board.get uses it. */
  const lookupOf = (list: BoardItem[]): BoardLookup => ({
    connection: { phase: 'connected', since: 1, origin: 'https://site', demo: false, features: [], staleItems: 1 },
    ...heldFor(list),
  });

  it('answers one part of the current generation with only its items\' statuses and liveness', () => {
    const board = new PublishedBoard();
    const all = items(1_000);
    board.publish(all);
    const pages: BoardPage[] = [0, 1].map((part) => board.page(lookupOf(all), part));
    expect(pages.map((p) => [p.generation, p.part, p.parts, p.items.length, p.statuses.length, p.liveness.length])).toEqual([
      [1, 0, 2, 500, 500, 0],
      [1, 1, 2, 500, 500, 1],
    ]);
    expect(pages[1]!.statuses.every((s) => pages[1]!.items.some((i) => i.href === s.href))).toBe(true);
  });

  it('refuses a part the current generation does not have, saying how many it has', () => {
    const board = new PublishedBoard();
    board.publish(items(10));
    expect(() => board.page(lookupOf(items(10)), 1)).toThrow(/has 1 part now; part 1 is not one of them/);
  });
});
