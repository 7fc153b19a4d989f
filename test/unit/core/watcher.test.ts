import { describe, expect, it, vi } from 'vitest';
import { DeskError } from '../../../shared/errors';
import type { Transport } from '../../../electron/core/api/transport';
import { Monitor } from '../../../electron/core/monitor/monitor';
import type { ItemLiveness, ItemStatus } from '../../../shared/domain';

type Answer = { updates?: Record<string, unknown>; next: { href: string } } | DeskError;

/**
 * A stand-in transport answering updates calls from a script, one answer per call; once the script
 * runs out, calls hang until aborted, like a long-poll with nothing to report.
 */
function scriptedTransport(script: Answer[]) {
  const calls: { href: string; fields: unknown }[] = [];
  const transport = {
    origin: 'https://s',
    watchCapacity: async () => ({ protocol: 'h2' as const, slots: 100 }),
    getJson: (href: string, _schema: unknown, _what: string, options: { query?: { fields?: unknown }; signal?: AbortSignal }) => {
      calls.push({ href, fields: options.query?.fields });
      const answer = script.shift();
      if (answer instanceof DeskError) return Promise.reject(answer);
      if (answer) return Promise.resolve(answer);
      return new Promise((_resolve, reject) => options.signal?.addEventListener('abort', () => reject(new DeskError('network', 'cancelled'))));
    },
  };
  return { transport: transport as unknown as Transport, calls };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

function watchOne(transport: Transport, fields?: string[]) {
  const seen: ItemStatus[] = [];
  const failures: DeskError[] = [];
  const monitor = new Monitor(transport, { delta: (b) => seen.push(...b), answered: () => {}, failed: (e) => failures.push(e) });
  monitor.watch([{ href: 'https://s/api/doors/1', name: 'Door 1', updatesHref: 'https://s/api/doors/1/updates', fields }]);
  return { monitor, seen, failures };
}

const page = (n: number, updates?: Record<string, unknown>) => ({ updates, next: { href: `https://s/api/doors/1/updates?after=${n}` } });

describe('a watcher: one item\'s long-poll chain', () => {
  it('follows next after next, passing over empty answers, and keeps fields the answer left out', async () => {
    const { transport, calls } = scriptedTransport([
      page(1, { statusFlags: ['controllerUnknown'], statusText: 'Fetching' }),
      page(2, {}),
      page(3),
      page(4, { statusFlags: ['closed', 'locked', 'secure'] }),
    ]);
    const { monitor, seen } = watchOne(transport);
    await until(() => seen.some((s) => s.flags.includes('closed')));
    expect(calls.map((c) => c.href)).toEqual([
      'https://s/api/doors/1/updates',
      ...[1, 2, 3, 4].map((n) => `https://s/api/doors/1/updates?after=${n}`),
    ]);
    // Coalesced: the latest state only, with the status text the last answer left out kept.
    expect(seen.at(-1)).toMatchObject({ flags: ['closed', 'locked', 'secure'], statusText: 'Fetching' });
    await monitor.stop();
  });

  it('asks for its fields on each call unless the next link already carries them', async () => {
    const { transport, calls } = scriptedTransport([{ updates: {}, next: { href: 'https://s/api/doors/1/updates?fields=statusFlags&after=1' } }]);
    const { monitor } = watchOne(transport, ['statusFlags']);
    await until(() => calls.length === 2);
    expect(calls.map((c) => c.fields)).toEqual(['statusFlags', undefined]);
    await monitor.stop();
  });

  it('backs off after a transient failure and resumes at the same link', async () => {
    const { transport, calls } = scriptedTransport([new DeskError('network', 'reset'), page(1, { statusFlags: ['open'] })]);
    const { monitor, seen, failures } = watchOne(transport);
    await until(() => seen.length === 1);
    expect(failures.map((f) => f.code)).toEqual(['network']);
    expect(calls[0]!.href).toBe(calls[1]!.href);
    await monitor.stop();
  });

  it('stops for good on unauthorised (a retried 401 feeds the failure-flood alarm)', async () => {
    const { transport, calls } = scriptedTransport([new DeskError('unauthorised', 'refused'), page(1, { statusFlags: ['open'] })]);
    const { monitor, failures } = watchOne(transport);
    await until(() => failures.length === 1);
    await new Promise((r) => setTimeout(r, 700)); // longer than the first back-off
    expect(calls).toHaveLength(1);
    await monitor.stop();
  });

  it('does not pass on a repeat of the status it last reported (cheaper deltas)', async () => {
    const { transport, calls } = scriptedTransport([page(1, { statusFlags: ['closed'], statusText: 'Closed' }), page(2, { statusFlags: ['closed'], statusText: 'Closed' })]);
    const { monitor, seen } = watchOne(transport);
    await until(() => calls.length === 3);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toHaveLength(1);
    await monitor.stop();
  });

  it('carries zoneCount and voltage from updates into the status', async () => {
    const { transport } = scriptedTransport([page(1, { statusFlags: ['secure'], zoneCount: 3 }), page(2, { voltage: 7100 })]);
    const { monitor, seen } = watchOne(transport);
    await until(() => seen.some((s) => s.voltage === 7100));
    expect(seen.at(-1)).toMatchObject({ flags: ['secure'], zoneCount: 3, voltage: 7100 });
    await monitor.stop();
  });
});

describe('liveness from a watcher\'s own evidence', () => {
  it('refuses an answer whose next link leaves the server\'s origin: the item is stale with why, its status unchanged', async () => {
    const { transport } = scriptedTransport([{ updates: { statusFlags: ['open'] }, next: { href: 'https://elsewhere.example/api/doors/1/updates' } }]);
    const liveness: ItemLiveness[] = [];
    const seen: ItemStatus[] = [];
    const monitor = new Monitor(transport, { delta: (b) => seen.push(...b), liveness: (b) => liveness.push(...b) });
    monitor.watch([{ href: 'https://s/api/doors/1', name: 'Door 1', updatesHref: 'https://s/api/doors/1/updates' }]);
    await until(() => liveness.some((l) => l.state === 'stale'));
    expect(liveness.at(-1)).toMatchObject({ href: 'https://s/api/doors/1', state: 'stale', reason: expect.stringMatching(/off the server's origin/) });
    expect(seen).toEqual([]);
    await monitor.stop();
  });

  it('one refusal halts every watcher of the site at once', async () => {
    const { transport, calls } = scriptedTransport([new DeskError('unauthorised', 'refused')]);
    const halted: DeskError[] = [];
    const monitor = new Monitor(transport, { delta: () => {}, halted: (e) => halted.push(e) });
    monitor.watch([1, 2, 3].map((n) => ({ href: `https://s/api/doors/${n}`, name: `Door ${n}`, updatesHref: `https://s/api/doors/${n}/updates` })));
    await until(() => halted.length === 1);
    expect(monitor.gate.state).toBe('halted');
    expect(monitor.liveness.staleCount).toBe(3);
    const sent = calls.length;
    await new Promise((r) => setTimeout(r, 700));
    expect(calls).toHaveLength(sent);
    expect(halted).toHaveLength(1);
    await monitor.stop();
  });
  it('spreads its renewals over the hold again after the site pauses, since every chain restarts together', async () => {
    vi.useFakeTimers();
    try {
      // First call answered, then held polls that never answer: only the desk's own cut ends one.
      const script: Answer[] = [page(1)];
      const { transport, calls } = scriptedTransport(script);
      const monitor = new Monitor(transport, { delta: () => {} }, { random: () => 0 });
      monitor.watch([{ href: 'https://s/api/doors/1', name: 'Door 1', updatesHref: 'https://s/api/doors/1/updates' }]);
      // random 0: a spreading poll is cut at a tenth of the spec's minute.
      await vi.advanceTimersByTimeAsync(6_500);
      expect(calls.map((c) => c.href)).toEqual(['https://s/api/doors/1/updates', ...Array(2).fill('https://s/api/doors/1/updates?after=1')]);
      script.push(page(2));
      monitor.pause('away');
      monitor.resume();
      await vi.advanceTimersByTimeAsync(6_500);
      // Restarted from the item's own link, then cut again at its random point, not held the full minute.
      expect(calls.slice(3).map((c) => c.href)).toEqual(['https://s/api/doors/1/updates', ...Array(2).fill('https://s/api/doors/1/updates?after=2')]);
      await monitor.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a poll stuck on a connection that delivers nothing', () => {
  it('is given up once long overdue and asked again on new connections', async () => {
    vi.useFakeTimers();
    try {
      // Nothing in the script: every call hangs until the desk gives it up, like a wedged HTTP/2 session.
      const { transport, calls } = scriptedTransport([]);
      let renewed = 0;
      Object.assign(transport, { renewWatchConnections: () => renewed++ });
      const monitor = new Monitor(transport, { delta: () => {} });
      monitor.watch([{ href: 'https://s/api/doors/1', name: 'Door 1', updatesHref: 'https://s/api/doors/1/updates' }]);
      // A first call is due at once, allowing a slow server its 12 s (ANSWER_MARGIN_MS); stale after
      // that, and given up five seconds later (OVERDUE_GRACE_MS).
      await vi.advanceTimersByTimeAsync(11_000);
      expect(monitor.liveness.staleCount).toBe(0);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(calls).toHaveLength(1);
      expect(monitor.liveness.staleCount).toBe(1);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(calls).toHaveLength(2);
      expect(calls[1]!.href).toBe('https://s/api/doors/1/updates');
      expect(renewed).toBe(1);
      await monitor.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the monitor over many watchers', () => {
  it('reports watchers failing together once, until an answer comes again', async () => {
    const { transport } = scriptedTransport([new DeskError('network', 'down'), new DeskError('network', 'down'), new DeskError('network', 'down')]);
    const failures: DeskError[] = [];
    const monitor = new Monitor(transport, { delta: () => {}, answered: () => {}, failed: (e) => failures.push(e) });
    monitor.watch(
      [1, 2, 3].map((n) => ({ href: `https://s/api/doors/${n}`, name: `Door ${n}`, updatesHref: `https://s/api/doors/${n}/updates` })),
    );
    await until(() => failures.length > 0);
    await new Promise((r) => setTimeout(r, 50));
    expect(failures).toHaveLength(1);
    monitor.remove(['https://s/api/doors/1']);
    expect(monitor.size).toBe(2);
    await monitor.stop();
  });
});

describe('the monitor with every item in subscriptions', () => {
  it('sizes its long-poll slots from the transport, so more than 8 subscriptions are all held at once', async () => {
    const { transport } = scriptedTransport([]);
    // The subscription's POST goes unanswered until the monitor stops.
    (transport as unknown as { postJson: unknown }).postJson = (_h: string, _b: unknown, _s: unknown, _w: string, options: { signal?: AbortSignal }) =>
      new Promise((_resolve, reject) => options.signal?.addEventListener('abort', () => reject(new DeskError('network', 'cancelled'))));
    const monitor = new Monitor(transport, { delta: () => {} });
    monitor.useSubscriptions('https://s/api/items/updates');
    const zone = { href: 'https://s/api/access_zones/1', id: '1', name: 'Zone 1', updatesHref: 'https://s/api/access_zones/1/updates', fields: ['statusFlags', 'zoneCount'] };
    monitor.watch([zone]);
    expect(monitor.chains).toBe(0);
    await until(() => monitor.scheduler.capacity === 100);
    await monitor.stop();
  });
});
