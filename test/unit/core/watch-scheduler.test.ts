import { afterEach, describe, expect, it, vi } from 'vitest';
import { WatchScheduler, type Lease } from '../../../electron/core/monitor/watch-scheduler';

const FULL = 90_000;

function scheduler(slots: number, clock = { t: 0 }) {
  return new WatchScheduler({ slots, fullHoldMs: FULL, rotationMs: 20_000, minSliceMs: 500, now: () => clock.t });
}

/** Resolves to the lease, or 'waiting' if none was granted by the next macrotask. */
async function settle(p: Promise<Lease>): Promise<Lease | 'waiting'> {
  return Promise.race([p, new Promise<'waiting'>((r) => setTimeout(() => r('waiting'), 0))]);
}

describe('WatchScheduler: a bounded number of long-polls shared fairly', () => {
  afterEach(() => vi.useRealTimers());

  it('grants up to its slots and queues the rest, first come first served', async () => {
    const s = scheduler(2);
    const a = await s.acquire();
    await s.acquire();
    const third = s.acquire();
    const fourth = s.acquire();
    expect(await settle(third)).toBe('waiting');
    expect(s.waiting).toBe(2);
    a.release();
    expect(await settle(third)).not.toBe('waiting');
    expect(await settle(fourth)).toBe('waiting');
  });

  it('holds polls for the full time when nobody waits, and for a shrinking slice when many do', async () => {
    const s = scheduler(10);
    const first = await s.acquire();
    expect(first.holdMs).toBe(FULL);
    const waiting = Array.from({ length: 199 }, () => s.acquire());
    expect(s.sliceMs()).toBe(1000); // 20 s × 10 slots / 200 wanting
    first.release();
    expect(((await waiting[9]) as Lease).holdMs).toBe(Math.round(200_000 / 199)); // from the queue: a slice of 199 wanting
    for (let i = 0; i < 300; i++) waiting.push(s.acquire());
    expect(s.sliceMs()).toBe(500); // never below the minimum
  });

  it('asks the oldest holder to yield once a queue builds up behind a full-time hold', async () => {
    const clock = { t: 0 };
    const s = scheduler(1, clock);
    const first = await s.acquire();
    expect(first.holdMs).toBe(FULL);
    clock.t = 15_000; // past the slice: 20 s rotation × 1 slot / 2 wanting
    void s.acquire();
    expect(first.preempted.aborted).toBe(true);
  });

  it('keeps turns going while a queue waits, without new arrivals', async () => {
    vi.useFakeTimers();
    const s = new WatchScheduler({ slots: 2, fullHoldMs: FULL, rotationMs: 2_000, minSliceMs: 500 });
    const first = await s.acquire();
    const second = await s.acquire();
    void s.acquire();
    void s.acquire();
    expect(first.preempted.aborted).toBe(false);
    vi.advanceTimersByTime(1_000); // slice: 2 s × 2 slots / 4 wanting
    expect(first.preempted.aborted && second.preempted.aborted).toBe(true);
    s.dispose();
  });

  it('does not preempt a hold younger than the slice', async () => {
    const clock = { t: 0 };
    const s = scheduler(1, clock);
    const first = await s.acquire();
    clock.t = 100;
    void s.acquire();
    expect(first.preempted.aborted).toBe(false);
  });

  it('gives new slots to waiters at once and frees a cancelled waiter\'s place', async () => {
    const s = scheduler(1);
    await s.acquire();
    const abort = new AbortController();
    const cancelled = s.acquire(abort.signal);
    const next = s.acquire();
    abort.abort();
    await expect(cancelled).rejects.toThrow(/aborted/);
    expect(s.waiting).toBe(1);
    s.setSlots(2);
    expect(await settle(next)).not.toBe('waiting');
  });

  it('counts a lease released twice only once', async () => {
    const s = scheduler(1);
    const a = await s.acquire();
    const b = s.acquire();
    const c = s.acquire();
    a.release();
    a.release();
    await b;
    expect(await settle(c)).toBe('waiting');
    expect(s.active).toBe(1);
  });
});
