import { describe, expect, it } from 'vitest';
import type { ItemLiveness, ItemStatus } from '../../../shared/domain';
import { AttentionIndex, attentionList, type AttentionSource } from '../../../renderer/src/lib/board/attention-index';
import { item, status } from './fixtures';

const CALM = ['closed', 'locked', 'secure'];

/** A board's worth of maps behind the index, changed the way the store changes them. */
function site(names: string[]) {
  const items = names.map((n) => item(n));
  const statuses = new Map<string, ItemStatus>();
  const stale = new Map<string, ItemLiveness>();
  const source: AttentionSource = {
    item: (href) => items.find((i) => i.href === href),
    status: (href) => statuses.get(href),
    staleness: (href) => stale.get(href),
  };
  const index = new AttentionIndex();
  index.rebuild(items, source);
  return { items, statuses, stale, source, index };
}

describe('attention index', () => {
  it('keeps the same list, in the same order, as reading every item again', () => {
    const s = site(['A', 'B', 'C', 'D', 'E']);
    const steps: [number, string[], number][] = [
      [0, CALM, 1_000],
      [1, ['open', 'locked', 'secure', 'forced'], 2_000],
      [2, ['open', 'locked', 'secure', 'openTooLong'], 3_000],
      [3, ['controllerOffline'], 4_000],
      [1, CALM, 5_000],
      [4, ['open', 'locked', 'secure', 'forced'], 6_000],
      [0, ['open', 'locked', 'secure', 'forced'], 7_000],
    ];
    for (const [i, flags, at] of steps) {
      const next = status(s.items[i]!, flags, at);
      s.statuses.set(next.href, next);
      s.index.refresh([next.href], s.source);
      expect(s.index.sorted()).toEqual(attentionList(s.items, s.statuses, (href) => s.stale.get(href)));
    }
    expect(s.index.sorted().map((e) => e.item.name)).toEqual(['A', 'E', 'C', 'D']);
  });

  it('answers that nothing changed when a calm item stays calm, and that something did when it goes stale', () => {
    const s = site(['A', 'B']);
    for (const i of s.items) s.statuses.set(i.href, status(i, CALM));
    s.index.rebuild(s.items, s.source);
    expect(s.index.sorted()).toEqual([]);
    s.statuses.set(s.items[0]!.href, status(s.items[0]!, CALM, 9_000));
    expect(s.index.refresh([s.items[0]!.href], s.source)).toEqual({ arrived: [], settled: false });
    s.stale.set(s.items[1]!.href, { href: s.items[1]!.href, state: 'stale', since: 1, reason: 'no answer' } as ItemLiveness);
    expect(s.index.refresh([s.items[1]!.href], s.source)).toEqual({ arrived: [s.items[1]!.href], settled: false });
    expect(s.index.sorted().map((e) => [e.item.name, e.concern])).toEqual([['B', 'offline']]);
  });

  it('tells an item that arrives or gets worse from one that leaves, gets better or only re-orders', () => {
    const s = site(['A', 'B']);
    const [a, b] = [s.items[0]!, s.items[1]!];
    for (const i of s.items) s.statuses.set(i.href, status(i, CALM));
    s.index.rebuild(s.items, s.source);
    const set = (of: typeof a, flags: string[], at: number) => {
      s.statuses.set(of.href, status(of, flags, at));
      return s.index.refresh([of.href], s.source);
    };
    expect(set(a, ['open', 'locked', 'secure', 'openTooLong'], 1_000)).toEqual({ arrived: [a.href], settled: false });
    // Open too long, then forced: worse, so it arrives again.
    expect(set(a, ['open', 'locked', 'secure', 'forced'], 2_000)).toEqual({ arrived: [a.href], settled: false });
    // Still forced, a newer status: the order may change, nothing arrives.
    expect(set(a, ['open', 'locked', 'secure', 'forced'], 3_000)).toEqual({ arrived: [], settled: true });
    // Forced, then only open too long: better.
    expect(set(a, ['open', 'locked', 'secure', 'openTooLong'], 4_000)).toEqual({ arrived: [], settled: true });
    // Gone from the list.
    expect(set(a, CALM, 5_000)).toEqual({ arrived: [], settled: true });
    // Several at once: each counted on its own side.
    s.statuses.set(a.href, status(a, ['open', 'locked', 'secure', 'forced'], 6_000));
    s.statuses.set(b.href, status(b, CALM, 6_000));
    expect(s.index.refresh([a.href, b.href], s.source)).toEqual({ arrived: [a.href], settled: false });
    s.statuses.set(a.href, status(a, CALM, 7_000));
    s.statuses.set(b.href, status(b, ['open', 'locked', 'secure', 'forced'], 7_000));
    expect(s.index.refresh([a.href, b.href], s.source)).toEqual({ arrived: [b.href], settled: true });
  });

  it('drops an item the board no longer has', () => {
    const s = site(['A']);
    s.statuses.set(s.items[0]!.href, status(s.items[0]!, ['open', 'locked', 'secure', 'forced']));
    s.index.refresh([s.items[0]!.href], s.source);
    expect(s.index.sorted()).toHaveLength(1);
    s.index.rebuild([], s.source);
    expect(s.index.sorted()).toEqual([]);
  });
});

describe('attention index while the whole desk is not live', () => {
  function hung() {
    const s = site(['Door A', 'Door B', 'Door C']);
    const forced = status(s.items[0]!, ['open', 'locked', 'secure', 'forced'], 1_000);
    s.statuses.set(forced.href, forced);
    for (const i of s.items) {
      if (i !== s.items[0]) s.statuses.set(i.href, status(i, CALM, 1_000));
      s.stale.set(i.href, { href: i.href, state: 'stale', since: 1, reason: 'The server has stopped answering' } as ItemLiveness);
    }
    s.index.rebuild(s.items, s.source);
    return s;
  }

  it('lists only the items needing attention for their last-known state, not every item as not heard', () => {
    const s = hung();
    expect(s.index.sorted()).toHaveLength(3);
    expect(s.index.setDeskLive(false)).toBe(true);
    s.index.rebuild(s.items, s.source);
    const entries = s.index.sorted();
    // An alarm stays an alarm; the calm items are not listed one by one as "not heard".
    expect(entries.map((e) => [e.item.name, e.concern, e.stale])).toEqual([['Door A', 'forced', undefined]]);
    expect(attentionList(s.items, s.statuses, (href) => s.stale.get(href), false)).toHaveLength(1);
  });

  it('lists a single item not heard while the rest of the desk is live', () => {
    const s = hung();
    for (const i of s.items.slice(0, 2)) s.stale.delete(i.href);
    s.index.refresh(s.items.map((i) => i.href), s.source);
    expect(s.index.sorted().map((e) => [e.item.name, e.concern])).toEqual([['Door A', 'forced'], ['Door C', 'offline']]);
  });
});
