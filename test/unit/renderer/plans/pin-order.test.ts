import { describe, expect, it } from 'vitest';
import { hrefKey, hrefSet, layerOf, readingOrder, tierKey, tiers } from '../../../../renderer/src/plans/lib/pin-order';
import { ATTENTION_ORDER, type AttentionConcern } from '../../../../shared/status';
import type { BoardItem } from '../../../../shared/domain';

const placedAt = (href: string, x: number, y: number) => ({ item: { href, name: href } as BoardItem, pin: { href, x, y } });
const entry = (href: string, concern: AttentionConcern) => ({ item: { href }, concern });

describe('pin order', () => {
  it('keeps pins in reading order: top to bottom, then left to right', () => {
    const pins = [placedAt('c', 0.9, 0.5), placedAt('a', 0.5, 0.1), placedAt('b', 0.1, 0.5)];
    expect(readingOrder(pins).map((p) => p.item.href)).toEqual(['a', 'b', 'c']);
  });

  it('turns the pins needing attention into a key of their tiers and back, empty when none does', () => {
    const key = tierKey([entry('/doors/2', 'offline'), entry('/doors/1', 'forced')]);
    expect(tiers(key)).toEqual(new Map([['/doors/1', ATTENTION_ORDER.indexOf('forced')], ['/doors/2', ATTENTION_ORDER.indexOf('offline')]]));
    expect(tiers(tierKey([])).size).toBe(0);
  });

  it('keeps the same key when only the strip order moves, and a new one when a tier changes', () => {
    const forced = entry('/doors/1', 'forced');
    const offline = entry('/doors/2', 'offline');
    expect(tierKey([offline, forced])).toBe(tierKey([forced, offline]));
    expect(tierKey([forced, entry('/doors/2', 'tamper')])).not.toBe(tierKey([forced, offline]));
    expect(hrefKey(['/doors/2', '/doors/1'])).toBe(hrefKey(['/doors/1', '/doors/2']));
    expect(hrefSet(hrefKey(['/doors/2', '/doors/1']))).toEqual(new Set(['/doors/1', '/doors/2']));
    expect(hrefSet(hrefKey([])).size).toBe(0);
  });

  it('stacks the worse tier on top, every pin needing attention above the calm ones, equals alike', () => {
    const tier = tiers(tierKey([entry('d', 'forced'), entry('b', 'offline'), entry('c', 'offline')]));
    expect(layerOf('d', tier)).toBeGreaterThan(layerOf('b', tier));
    expect(layerOf('b', tier)).toBe(layerOf('c', tier));
    expect(layerOf('b', tier)).toBeGreaterThan(layerOf('a', tier));
    expect(layerOf('a', tier)).toBe(0);
  });
});
