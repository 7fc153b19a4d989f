import { afterEach, describe, expect, it, vi } from 'vitest';
import { FirstReads } from '../../../electron/core/first-reads';

/** The session's wait before the board's catalogue at start-up: the reads' promises, capped. */

afterEach(() => {
  vi.useRealTimers();
});

/** A promise's state, read without waiting for it. */
function watch(promise: Promise<void>) {
  let done = false;
  void promise.then(() => (done = true));
  return { settled: () => done };
}

function pending() {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<void>((ok, fail) => ((resolve = ok), (reject = fail)));
  return { promise, resolve, reject };
}

describe('the reads before the board at start-up', () => {
  it('runs every listener at once and settles when the last read has, a failed read included', async () => {
    vi.useFakeTimers();
    const reads = new FirstReads();
    const alarms = pending();
    const other = pending();
    const ran: string[] = [];
    reads.add(() => (ran.push('alarms'), alarms.promise));
    reads.add(() => (ran.push('other'), other.promise));
    const wait = watch(reads.run(new AbortController().signal, 3_000));
    expect(ran).toEqual(['alarms', 'other']);

    alarms.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(wait.settled()).toBe(false);
    other.reject(new Error('the list read failed'));
    await vi.advanceTimersByTimeAsync(0);
    expect(wait.settled()).toBe(true);
  });

  it('settles at the cap when a read hangs, and not before', async () => {
    vi.useFakeTimers();
    const reads = new FirstReads();
    reads.add(() => new Promise<void>(() => undefined));
    const wait = watch(reads.run(new AbortController().signal, 3_000));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(wait.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(wait.settled()).toBe(true);
  });

  it('settles when the session stops, and runs no listener once removed', async () => {
    vi.useFakeTimers();
    const reads = new FirstReads();
    const removed = vi.fn();
    reads.add(() => new Promise<void>(() => undefined));
    reads.add(removed)();
    const stopping = new AbortController();
    const wait = watch(reads.run(stopping.signal, 3_000));
    stopping.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(wait.settled()).toBe(true);
    expect(removed).not.toHaveBeenCalled();
  });

  it('settles at once with no listener (a site session without alarms)', async () => {
    const wait = watch(new FirstReads().run(new AbortController().signal, 3_000));
    await new Promise((resolve) => setImmediate(resolve));
    expect(wait.settled()).toBe(true);
  });
});
