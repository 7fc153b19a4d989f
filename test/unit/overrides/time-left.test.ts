import { describe, expect, it } from 'vitest';
import { timeLeft } from '../../../renderer/src/overrides/lib/time-left';

describe('time left on an override', () => {
  it('says hours and minutes, then minutes and seconds, then seconds', () => {
    expect(timeLeft(3_600_000 + 5 * 60_000, 0)).toBe('1 h 05 min');
    expect(timeLeft(4 * 60_000 + 9_000, 0)).toBe('4 min 09 s');
    expect(timeLeft(12_000, 0)).toBe('12 s');
    // A part second left still counts as a second: never "0 s" while it runs.
    expect(timeLeft(400, 0)).toBe('1 s');
  });

  it('says when it has no end time, and when the end time has come', () => {
    expect(timeLeft(undefined, 0)).toBe('Until cancelled');
    expect(timeLeft(1_000, 1_000)).toBe('Ending now');
  });
});
