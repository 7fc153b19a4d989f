import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Paced } from '../../../renderer/src/lib/board/paced';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('Paced: a lone change at once, a storm of them at most once per interval', () => {
  it('shows a lone change at once, and one after a quiet interval at once too', () => {
    let shown = 0;
    const paced = new Paced(250, () => shown++);
    paced.changed();
    expect(shown).toBe(1);
    vi.advanceTimersByTime(300);
    paced.changed();
    expect(shown).toBe(2);
  });

  it('shows changes that keep coming once per interval, and the last one always', () => {
    let shown = 0;
    const paced = new Paced(250, () => shown++);
    // 100 changes a second for almost a second: shown at 0, 250, 500 and 750 ms.
    for (let t = 0; t < 980; t += 10) {
      paced.changed();
      vi.advanceTimersByTime(10);
    }
    expect(shown).toBe(4);
    const before = shown;
    // The changes after the last showing are not lost: they are shown when the interval ends.
    vi.advanceTimersByTime(250);
    expect(shown).toBe(before + 1);
    vi.advanceTimersByTime(1000);
    expect(shown).toBe(before + 1);
  });

  it('shows at once on flush, taking a waiting change with it', () => {
    let shown = 0;
    const paced = new Paced(250, () => shown++);
    paced.changed();
    paced.changed();
    expect(shown).toBe(1);
    paced.flush();
    expect(shown).toBe(2);
    vi.advanceTimersByTime(1000);
    expect(shown).toBe(2);
  });

  it('after a showing by other means, waits a whole interval before showing a change, and keeps a time already due', () => {
    let shown = 0;
    const paced = new Paced(250, () => shown++);
    vi.advanceTimersByTime(1000);
    paced.shownNow();
    paced.changed();
    expect(shown).toBe(0);
    vi.advanceTimersByTime(100);
    // Shown by other means again: the change already due keeps its time (150 ms from here).
    paced.shownNow();
    vi.advanceTimersByTime(149);
    expect(shown).toBe(0);
    vi.advanceTimersByTime(1);
    expect(shown).toBe(1);
  });
});
