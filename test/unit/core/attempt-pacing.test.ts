import { afterEach, describe, expect, it, vi } from 'vitest';
import { AttemptScheduler } from '../../../electron/core/monitor/attempts';

/** A watcher's failure asks for a probe soon: no sooner than the spacing after the last one, never twice. */

afterEach(() => {
  vi.useRealTimers();
});

function scheduler() {
  vi.useFakeTimers();
  let started = 0;
  let finish: () => void = () => undefined;
  const attempts = new AttemptScheduler(() => {
    started++;
    return new Promise<void>((resolve) => (finish = resolve));
  });
  return { attempts, started: () => started, finish: () => finish() };
}

describe('an attempt asked for soon', () => {
  it('runs at once when the last attempt started longer ago than the spacing', () => {
    const { attempts, started } = scheduler();
    vi.advanceTimersByTime(5_000);
    attempts.soon(2_000);
    expect(started()).toBe(1);
    expect(attempts.busy).toBe(true);
  });

  it('waits out the spacing after the last attempt, and asking again meanwhile does not move it later', async () => {
    const { attempts, started, finish } = scheduler();
    attempts.runNow();
    finish();
    await vi.advanceTimersByTimeAsync(500);
    attempts.soon(2_000);
    expect(started()).toBe(1);
    expect(attempts.nextAt).toBe(Date.now() + 1_500);
    const planned = attempts.nextAt;
    await vi.advanceTimersByTimeAsync(1_000);
    attempts.soon(2_000);
    expect(attempts.nextAt).toBe(planned);
    await vi.advanceTimersByTimeAsync(500);
    expect(started()).toBe(2);
  });

  it('asks nothing more while an attempt is out', () => {
    const { attempts, started } = scheduler();
    vi.advanceTimersByTime(5_000);
    attempts.soon(2_000);
    attempts.soon(2_000);
    expect(started()).toBe(1);
    expect(attempts.nextAt).toBeUndefined();
  });

  it('keeps a plan sooner than the spacing allows', async () => {
    const { attempts, finish } = scheduler();
    attempts.runNow();
    finish();
    await vi.advanceTimersByTimeAsync(0);
    attempts.at(Date.now() + 300);
    attempts.soon(2_000);
    expect(attempts.nextAt).toBe(Date.now() + 300);
  });
});
