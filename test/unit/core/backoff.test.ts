import { describe, expect, it } from 'vitest';
import { Backoff } from '../../../electron/core/api/backoff';

describe('Backoff', () => {
  it('doubles its ceiling per attempt, within [ceiling/2, ceiling], up to the maximum', () => {
    const low = new Backoff(100, 1000, () => 0);
    expect([low.next(), low.next(), low.next(), low.next(), low.next()]).toEqual([50, 100, 200, 400, 500]);
    const high = new Backoff(100, 1000, () => 1);
    expect([high.next(), high.next(), high.next(), high.next(), high.next()]).toEqual([100, 200, 400, 800, 1000]);
  });

  it('starts again after reset', () => {
    const b = new Backoff(100, 1000, () => 1);
    b.next();
    b.next();
    b.reset();
    expect(b.next()).toBe(100);
  });
});
