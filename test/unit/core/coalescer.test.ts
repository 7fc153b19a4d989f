import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ItemStatus } from '../../../shared/domain';
import { Coalescer } from '../../../electron/core/monitor/coalescer';

const status = (href: string, flag: string): ItemStatus => ({ href, flags: [flag], statusText: flag, receivedAt: 0 });

describe('Coalescer', () => {
  afterEach(() => vi.useRealTimers());

  it('sends the first change after a quiet spell on the next turn, with what came in the same turn', () => {
    vi.useFakeTimers();
    const batches: ItemStatus[][] = [];
    const c = new Coalescer((b) => batches.push(b), 16);
    c.push(status('a', 'open'));
    c.push(status('b', 'closed'));
    c.push(status('a', 'closed'));
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(batches).toEqual([[status('a', 'closed'), status('b', 'closed')]]);
  });

  it('holds changes that come within the interval of a batch until the interval ends, latest of each item only', () => {
    vi.useFakeTimers();
    const batches: ItemStatus[][] = [];
    const c = new Coalescer((b) => batches.push(b), 16);
    c.push(status('a', 'open'));
    vi.advanceTimersByTime(0);
    vi.advanceTimersByTime(5);
    c.push(status('a', 'forced'));
    c.push(status('a', 'closed'));
    vi.advanceTimersByTime(10);
    expect(batches).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(batches).toEqual([[status('a', 'open')], [status('a', 'closed')]]);
    // A quiet interval later, a lone change goes out at once again.
    vi.advanceTimersByTime(40);
    c.push(status('b', 'open'));
    vi.advanceTimersByTime(0);
    expect(batches[2]).toEqual([status('b', 'open')]);
  });

  it('sends nothing when nothing changed', () => {
    vi.useFakeTimers();
    const emit = vi.fn();
    const c = new Coalescer(emit, 16);
    c.flush();
    vi.advanceTimersByTime(100);
    expect(emit).not.toHaveBeenCalled();
  });
});
