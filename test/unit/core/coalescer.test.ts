import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ItemStatus } from '../../../shared/domain';
import { Coalescer } from '../../../electron/core/monitor/coalescer';

const status = (href: string, flag: string): ItemStatus => ({ href, flags: [flag], statusText: flag, receivedAt: 0 });

describe('Coalescer', () => {
  afterEach(() => vi.useRealTimers());

  it('sends one batch per interval with only the latest status of each item', () => {
    vi.useFakeTimers();
    const batches: ItemStatus[][] = [];
    const c = new Coalescer((b) => batches.push(b), 16);
    c.push(status('a', 'open'));
    c.push(status('b', 'closed'));
    c.push(status('a', 'closed'));
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(16);
    expect(batches).toEqual([[status('a', 'closed'), status('b', 'closed')]]);
    c.push(status('a', 'forced'));
    vi.advanceTimersByTime(16);
    expect(batches[1]).toEqual([status('a', 'forced')]);
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
