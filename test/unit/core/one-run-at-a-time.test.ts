import { describe, expect, it } from 'vitest';
import { OneRunAtATime } from '../../../electron/core/one-run-at-a-time';

describe('OneRunAtATime', () => {
  it('runs once more after a run that was asked for again while it ran, however often, and never two at once', async () => {
    let runs = 0;
    let running = 0;
    let most = 0;
    let ended = 0;
    let release: () => void = () => undefined;
    const job = new OneRunAtATime(
      () => {
        runs += 1;
        running += 1;
        most = Math.max(most, running);
        return new Promise<void>((resolve) => (release = () => ((running -= 1), resolve())));
      },
      () => (ended += 1),
    );
    const first = job.run();
    const second = job.run();
    void job.run();
    expect(second).toBe(first);
    expect(runs).toBe(1);
    release();
    await first;
    expect(runs).toBe(2);
    release();
    await Promise.resolve();
    await Promise.resolve();
    expect(runs).toBe(2);
    expect(most).toBe(1);
    expect(ended).toBe(2);
  });

  it('runs again when asked after a failed run, and ends each run', async () => {
    let runs = 0;
    let ended = 0;
    const job = new OneRunAtATime(
      () => {
        runs += 1;
        return runs === 1 ? Promise.reject(new Error('server away')) : Promise.resolve();
      },
      () => (ended += 1),
    );
    await expect(job.run()).rejects.toThrow('server away');
    await job.run();
    expect(runs).toBe(2);
    expect(ended).toBe(2);
  });
});
