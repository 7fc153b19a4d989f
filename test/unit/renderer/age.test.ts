import { describe, expect, it } from 'vitest';
import { ago, asOf, clockTime, secondsUntil } from '../../../renderer/src/lib/time/age';

// Built in local time so the tests agree with the desk's clock whatever the machine's zone.
const at = (h: number, m: number, s = 0) => new Date(2026, 10, 21, h, m, s).getTime();

describe('status age', () => {
  it('writes clock times as 24-hour HH:MM', () => {
    expect(clockTime(at(9, 5))).toBe('09:05');
    expect(clockTime(at(23, 59))).toBe('23:59');
  });

  it('says how long ago in minutes, hours and days', () => {
    expect(ago(at(12, 0), at(12, 0, 59))).toBe('just now');
    expect(ago(at(12, 3), at(12, 7))).toBe('4 min ago');
    expect(ago(at(10, 0), at(12, 0))).toBe('2 h ago');
    expect(ago(at(9, 55), at(12, 0))).toBe('2 h 5 min ago');
    expect(ago(at(12, 0) - 3 * 86_400_000, at(12, 0))).toBe('3 days ago');
  });

  it('never says a status is from the future (clocks can disagree)', () => {
    expect(ago(at(12, 5), at(12, 0))).toBe('just now');
  });

  it('gives a tile its age as "as of HH:MM, N min ago"', () => {
    expect(asOf(at(12, 3), at(12, 7, 30))).toBe('as of 12:03, 4 min ago');
  });

  it('counts down whole seconds, rounding up and stopping at zero', () => {
    expect(secondsUntil(10_500, 9_000)).toBe(2);
    expect(secondsUntil(9_000, 9_000)).toBe(0);
    expect(secondsUntil(8_000, 9_000)).toBe(0);
  });
});
