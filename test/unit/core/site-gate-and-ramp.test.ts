import { describe, expect, it } from 'vitest';
import { SiteGate } from '../../../electron/core/monitor/site-gate';
import { StartRamp } from '../../../electron/core/monitor/start-ramp';

describe('SiteGate: a back-off sized for a server away ends when the server answers again', () => {
  it('wakes a sleeping watcher when the gate reopens after closing, and counts each closing', async () => {
    const gate = new SiteGate();
    expect(gate.closedCount).toBe(0);
    let woke = false;
    const sleeping = gate.sleep(60_000, new AbortController().signal).then(() => (woke = true));
    gate.pause();
    expect(gate.closedCount).toBe(1);
    await Promise.resolve();
    expect(woke).toBe(false);
    gate.open();
    await sleeping;
    expect(woke).toBe(true);
  });

  it('does not cut a back-off short when the gate was open all along', async () => {
    const gate = new SiteGate();
    let woke = false;
    const stop = new AbortController();
    const sleeping = gate.sleep(60_000, stop.signal).then(() => (woke = true));
    gate.open();
    await new Promise((r) => setTimeout(r, 10));
    expect(woke).toBe(false);
    stop.abort();
    await sleeping;
    expect(gate.closedCount).toBe(0);
  });
});

describe('StartRamp: one first call until the server has answered one', () => {
  it('lets one first call go, then the rest up to the limit once it was answered', async () => {
    const ramp = new StartRamp(3);
    const signal = new AbortController().signal;
    const admitted: number[] = [];
    expect(await ramp.enter(signal)).toBe(true);
    const waiting = [1, 2, 3].map((n) => ramp.enter(signal).then(() => admitted.push(n)));
    await new Promise((r) => setTimeout(r, 0));
    // A refused key here halts the site before a second request is sent.
    expect(admitted).toEqual([]);
    ramp.answered();
    await new Promise((r) => setTimeout(r, 0));
    expect(admitted).toEqual([1, 2]);
    ramp.leave();
    await Promise.all(waiting);
    expect(admitted).toEqual([1, 2, 3]);
  });

  it('starts at most perTurn first calls in one turn of the event loop, the rest on the turns after', async () => {
    const ramp = new StartRamp(100, 4);
    const signal = new AbortController().signal;
    expect(await ramp.enter(signal)).toBe(true);
    ramp.answered();
    ramp.leave();
    await new Promise((r) => setImmediate(r));
    const admitted: number[] = [];
    const all = Array.from({ length: 10 }, (_, n) => ramp.enter(signal).then(() => admitted.push(n)));
    await Promise.resolve();
    await Promise.resolve();
    expect(admitted.length).toBeLessThanOrEqual(4);
    await new Promise((r) => setImmediate(r));
    expect(admitted.length).toBeGreaterThan(0);
    await Promise.all(all);
    // Every one started, in the order they asked.
    expect(admitted).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
