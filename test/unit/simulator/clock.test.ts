import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SimClock } from '../../../electron/simulator/clock';

describe('simulated clock', () => {
  let clock: SimClock;
  beforeEach(() => (clock = new SimClock()));
  afterEach(() => clock.stop());

  it('runs timers in due order when time is advanced, skipping cancelled ones', () => {
    const ran: string[] = [];
    clock.schedule(3_000, () => ran.push('c'));
    const b = clock.schedule(2_000, () => ran.push('b'));
    clock.schedule(1_000, () => ran.push('a'));
    clock.schedule(1_000, () => ran.push('a2'));
    clock.schedule(60_000, () => ran.push('late'));
    clock.cancel(b);
    clock.advance(5_000);
    expect(ran).toEqual(['a', 'a2', 'c']);
  });

  it('runs timers scheduled by timers, counting from their parent due time, within one advance', () => {
    const ran: number[] = [];
    clock.schedule(1_000, () => {
      ran.push(1);
      clock.schedule(1_000, () => ran.push(2));
    });
    clock.advance(2_500);
    expect(ran).toEqual([1, 2]);
  });

  it('moves now() forward by every advance', () => {
    const before = clock.now();
    clock.advance(3_600_000);
    expect(clock.now() - before).toBeGreaterThanOrEqual(3_600_000);
    expect(() => clock.advance(-1)).toThrow();
  });
});
