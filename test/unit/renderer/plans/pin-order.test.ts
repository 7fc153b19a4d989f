import { describe, expect, it } from 'vitest';
import { hrefSet, layerOf, orderKey, ranks, readingOrder, worstFirst } from '../../../../renderer/src/plans/lib/pin-order';
import type { BoardItem } from '../../../../shared/domain';

const placedAt = (href: string, x: number, y: number) => ({ item: { href, name: href } as BoardItem, pin: { href, x, y } });

describe('pin order', () => {
  it('keeps pins in reading order: top to bottom, then left to right', () => {
    const pins = [placedAt('c', 0.9, 0.5), placedAt('a', 0.5, 0.1), placedAt('b', 0.1, 0.5)];
    expect(readingOrder(pins).map((p) => p.item.href)).toEqual(['a', 'b', 'c']);
  });

  it('turns the attention order into a key and back, empty when nothing needs attention', () => {
    const key = orderKey(['/doors/2', '/doors/1']);
    expect(ranks(key)).toEqual(new Map([['/doors/2', 0], ['/doors/1', 1]]));
    expect(hrefSet(key)).toEqual(new Set(['/doors/2', '/doors/1']));
    expect(ranks(orderKey([])).size).toBe(0);
    expect(hrefSet(orderKey([])).size).toBe(0);
  });

  it('puts pins needing attention first, worst first, and the calm ones after in their own order', () => {
    const pins = ['a', 'b', 'c', 'd'].map((h, i) => placedAt(h, i / 4, 0));
    const rank = ranks(orderKey(['d', 'b']));
    expect(worstFirst(pins, rank).map((p) => p.item.href)).toEqual(['d', 'b', 'a', 'c']);
  });

  it('stacks the worst on top, every pin needing attention above the calm ones', () => {
    const rank = ranks(orderKey(['d', 'b']));
    expect(layerOf('d', rank)).toBeGreaterThan(layerOf('b', rank));
    expect(layerOf('b', rank)).toBeGreaterThan(layerOf('a', rank));
    expect(layerOf('a', rank)).toBe(0);
  });
});
