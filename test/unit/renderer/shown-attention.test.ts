import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BoardItem, ItemStatus } from '../../../shared/domain';
import { AttentionIndex, type AttentionEntry, type AttentionSource } from '../../../renderer/src/lib/board/attention-index';
import { ShownAttention } from '../../../renderer/src/lib/board/shown-attention';
import { item, status } from './fixtures';

const CALM = ['closed', 'locked', 'secure'];
const FORCED = ['open', 'locked', 'secure', 'forced'];
const TOO_LONG = ['open', 'locked', 'secure', 'openTooLong'];

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/**
 * A site behind the strip, changed as the board store changes it: the maps first, then the index
 * refreshed and its news handed to ShownAttention. `shown` is what the strip last drew, `showings`
 * how many times it drew.
 */
function strip(names: string[]) {
  const items = names.map((n) => item(n));
  const statuses = new Map<string, ItemStatus>(items.map((i) => [i.href, status(i, CALM, 0)]));
  const source: AttentionSource = {
    item: (href) => items.find((i) => i.href === href),
    status: (href) => statuses.get(href),
    staleness: () => undefined,
  };
  const index = new AttentionIndex();
  index.rebuild(items, source);
  const drawn: AttentionEntry[][] = [];
  const shownAttention = new ShownAttention(index, (entries) => drawn.push(entries), 250);
  shownAttention.flush();
  const byName = (name: string): BoardItem => items.find((i) => i.name === name)!;
  return {
    set(name: string, flags: string[]) {
      const it = byName(name);
      statuses.set(it.href, status(it, flags, Date.now()));
      shownAttention.news(index.refresh([it.href], source));
    },
    flush: () => shownAttention.flush(),
    /** What the strip shows once `ms` more have passed. */
    shownAfter(ms: number): string[] {
      vi.advanceTimersByTime(ms);
      return this.shown;
    },
    get shown() {
      return drawn.at(-1)!.map((e) => `${e.item.name} ${e.concern}`);
    },
    get showings() {
      return drawn.length;
    },
    get listed() {
      return index.sorted().map((e) => `${e.item.name} ${e.concern}`);
    },
  };
}

describe('ShownAttention: a new alarm is never paced, what leaves or re-orders is', () => {
  it('shows a new alarm at once even right after another change was drawn, while a removal waits for its slot', () => {
    const s = strip(['A', 'B', 'C']);
    s.set('A', FORCED);
    expect(s.shown).toEqual(['A forced']);
    vi.advanceTimersByTime(300);
    // A clears (drawn at once: nothing drawn in the last interval), then B is forced 10 ms later.
    s.set('A', CALM);
    expect(s.shown).toEqual([]);
    vi.advanceTimersByTime(10);
    s.set('B', FORCED);
    // Before the change: B waited up to 250 ms here for the next slot. Now it is drawn in the same turn.
    expect(s.shown).toEqual(['B forced']);
    // C clears nothing, A stays calm; now B clears within the interval: it stays listed until the slot.
    s.set('B', CALM);
    expect(s.shown).toEqual(['B forced']);
    expect(s.shownAfter(249)).toEqual(['B forced']);
    expect(s.shownAfter(1)).toEqual([]);
  });

  it('puts an arrival in its place and leaves a pending removal and the pending order as they were drawn', () => {
    const s = strip(['A', 'B', 'C', 'D']);
    s.set('A', TOO_LONG);
    vi.advanceTimersByTime(10);
    s.set('B', TOO_LONG);
    expect(s.shownAfter(300)).toEqual(['B openTooLong', 'A openTooLong']);
    s.set('C', FORCED);
    expect(s.shown).toEqual(['C forced', 'B openTooLong', 'A openTooLong']);
    // Within the interval: B leaves and A gets a newer status of the same concern (it would now come
    // before B): both wait. D is forced: it goes on at once, in its place, and nothing else moves.
    vi.advanceTimersByTime(10);
    s.set('B', CALM);
    s.set('A', TOO_LONG);
    expect(s.shown).toEqual(['C forced', 'B openTooLong', 'A openTooLong']);
    s.set('D', FORCED);
    expect(s.shown).toEqual(['D forced', 'C forced', 'B openTooLong', 'A openTooLong']);
    expect(s.shownAfter(240)).toEqual(['D forced', 'C forced', 'A openTooLong']);
    expect(s.shown).toEqual(s.listed);
  });

  it('shows an item that gets worse at once, and one that gets better at the pace', () => {
    const s = strip(['A', 'B']);
    s.set('B', FORCED);
    vi.advanceTimersByTime(10);
    s.set('A', TOO_LONG);
    expect(s.shownAfter(300)).toEqual(['B forced', 'A openTooLong']);
    s.set('A', FORCED);
    expect(s.shown).toEqual(['A forced', 'B forced']);
    s.set('A', TOO_LONG);
    expect(s.shown).toEqual(['A forced', 'B forced']);
    expect(s.shownAfter(250)).toEqual(['B forced', 'A openTooLong']);
  });

  it('counts a new alarm at once: the list the count is taken from grows in the same turn', () => {
    const s = strip(['A', 'B', 'C']);
    s.set('A', FORCED);
    s.set('A', CALM);
    s.set('B', FORCED);
    s.set('C', FORCED);
    // A's clearing still waits; B and C are counted already.
    expect(s.shown).toHaveLength(3);
    expect(s.shown).toEqual(['A forced', 'B forced', 'C forced']);
    expect(s.shownAfter(250)).toHaveLength(2);
  });

  it('coalesces removals and re-orderings: a storm of them is drawn at most once per interval, the last state always', () => {
    const names = Array.from({ length: 40 }, (_, i) => `D${i}`);
    const s = strip(names);
    for (const name of names) s.set(name, FORCED);
    vi.advanceTimersByTime(300);
    const before = s.showings;
    // 40 alarms clear over 400 ms, one every 10 ms (100 changes a second).
    for (const name of names) {
      s.set(name, CALM);
      vi.advanceTimersByTime(10);
    }
    // A lone clearing is drawn at once, then one drawing per 250 ms: at 0 and 250 ms.
    expect(s.showings - before).toBe(2);
    vi.advanceTimersByTime(250);
    expect(s.showings - before).toBe(3);
    expect(s.shown).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(s.showings - before).toBe(3);
  });

  it('never lets an arrival bring the waiting removals forward, nor postpone them past their slot', () => {
    const s = strip(['A', 'B', 'C', 'D']);
    s.set('A', FORCED);
    vi.advanceTimersByTime(300);
    s.set('A', CALM); // drawn at once (a lone change)
    s.set('B', FORCED); // arrival, drawn at once
    vi.advanceTimersByTime(100);
    s.set('B', CALM); // waits: due 250 ms after B was drawn
    vi.advanceTimersByTime(100);
    s.set('C', FORCED); // arrival 200 ms after B: drawn at once, B still listed
    expect(s.shown).toEqual(['C forced', 'B forced']);
    vi.advanceTimersByTime(50);
    // B's clearing is drawn at its slot (250 ms after B came), not 250 ms after C came.
    expect(s.shown).toEqual(['C forced']);
  });

  it('shows the whole list at once on a flush (a new board), whatever was waiting', () => {
    const s = strip(['A', 'B']);
    s.set('A', FORCED);
    s.set('A', CALM);
    expect(s.shown).toEqual(['A forced']);
    s.flush();
    expect(s.shown).toEqual([]);
  });
});
