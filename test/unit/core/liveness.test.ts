import { describe, expect, it } from 'vitest';
import type { ItemLiveness } from '../../../shared/domain';
import { LivenessBook, OVERDUE_REASON } from '../../../electron/core/monitor/liveness';
import { ANSWER_MARGIN_MS, HoldEstimate } from '../../../electron/core/monitor/hold-estimate';
import { SiteGate } from '../../../electron/core/monitor/site-gate';

function book() {
  let now = 1_000;
  const changes: ItemLiveness[] = [];
  const b = new LivenessBook((l) => changes.push(l), () => now);
  return { b, changes, advance: (ms: number) => (now += ms), now: () => now };
}

describe('liveness rules: per item, from evidence', () => {
  it('an answer about one item makes only that item live', () => {
    const { b, changes } = book();
    b.track('a');
    b.track('b');
    b.stale('a', 'malformed');
    b.stale('b', 'malformed');
    b.heard(['a']);
    expect(b.get('a')).toMatchObject({ state: 'live' });
    expect(b.get('b')).toMatchObject({ state: 'stale', reason: 'malformed' });
    expect(b.staleCount).toBe(1);
    expect(changes.map((c) => `${c.href}:${c.state}`)).toEqual(['a:stale', 'b:stale', 'a:live']);
  });

  it('a poll not answered by its due time makes its item stale, saying why and since when', () => {
    const { b, advance, now } = book();
    b.track('a');
    b.track('b');
    b.expect(['a'], now() + 5_000);
    b.expect(['b'], now() + 20_000);
    advance(6_000);
    expect(b.sweep()).toBe(1);
    expect(b.get('a')).toMatchObject({ state: 'stale', reason: OVERDUE_REASON, since: now(), lastHeardAt: 1_000 });
    expect(b.get('b')).toMatchObject({ state: 'live' });
  });

  it('keeps `since` from the first failure when the reason changes, and reports only changes', () => {
    const { b, changes, advance } = book();
    b.track('a');
    b.stale('a', 'first');
    const since = b.get('a')!.since;
    advance(1_000);
    b.stale('a', 'first');
    b.stale('a', 'second');
    expect(b.get('a')).toMatchObject({ since, reason: 'second' });
    expect(changes).toHaveLength(2);
  });

  it('lists only the items not live for the board snapshot, and forgets removed items', () => {
    const { b } = book();
    ['a', 'b', 'c'].forEach((h) => b.track(h));
    b.staleAll('server not answering');
    b.heard(['b']);
    expect(b.notLive().map((l) => l.href)).toEqual(['a', 'c']);
    b.untrack('a');
    expect(b.staleCount).toBe(1);
  });
});

describe('hold estimate: when a poll is due back', () => {
  it('uses the spec\'s minute until an empty answer shows the server\'s own hold', () => {
    const h = new HoldEstimate();
    expect(h.ms).toBe(60_000);
    h.record(100); // too short to say anything
    expect(h.ms).toBe(60_000);
    h.record(1_000);
    expect(h.ms).toBe(1_000);
    // Due: the hold, plus a tenth, plus twelve seconds: a server answering within 10 s is slow, not down.
    expect(ANSWER_MARGIN_MS).toBe(12_000);
    expect(h.dueAt(0, 60_000)).toBe(13_100);
    expect(h.dueAt(0, 0)).toBe(12_000);
  });
});

describe('the site gate', () => {
  it('holds every request while halted, aborts those in flight, and lets them go when reopened', async () => {
    const gate = new SiteGate();
    const stop = new AbortController();
    const inFlight = new AbortController();
    const finished = new AbortController();
    expect(await gate.pass(stop.signal)).toBe(true);
    gate.enter(inFlight);
    gate.enter(finished).done();
    gate.haltAll();
    expect(inFlight.signal.aborted).toBe(true);
    expect(finished.signal.aborted).toBe(false);
    let passed = false;
    const waiting = gate.pass(stop.signal).then((ok) => (passed = ok));
    await new Promise((r) => setTimeout(r, 10));
    expect(passed).toBe(false);
    gate.open();
    await waiting;
    expect(passed).toBe(true);
  });

  it('lets a stopped watcher leave while the gate is closed', async () => {
    const gate = new SiteGate();
    gate.pause();
    const stop = new AbortController();
    const waiting = gate.pass(stop.signal);
    stop.abort();
    expect(await waiting).toBe(false);
  });

  it('wakes one chain sleeping out a refusal as a scout, and all of them once an item is heard again; never an ordinary sleeper', async () => {
    const gate = new SiteGate();
    const stop = new AbortController();
    const woken: string[] = [];
    const sleep = (name: string, refused: boolean) => void gate.sleep(60_000, stop.signal, refused).then(() => woken.push(name));
    sleep('licence a', true);
    sleep('licence b', true);
    sleep('licence c', true);
    sleep('dropped call', false);
    expect(gate.refusedWaiting).toBe(3);
    gate.scout(0.5);
    await new Promise((r) => setTimeout(r, 0));
    expect(woken).toEqual(['licence b']);
    expect(gate.refusedWaiting).toBe(2);
    gate.wakeRefused();
    await new Promise((r) => setTimeout(r, 0));
    expect(woken.sort()).toEqual(['licence a', 'licence b', 'licence c']);
    expect(gate.refusedWaiting).toBe(0);
    stop.abort();
  });
});
