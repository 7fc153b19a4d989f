import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_HEARTBEAT, Heartbeat, type Beat, type Pulse } from '../../../electron/core/heartbeat';
import { DeskError } from '../../../shared/errors';

/**
 * A server as the heartbeat sees it, on a fake clock: whether a new connection finishes its TLS
 * handshake (a hung process or a cut network does not), how long an answer takes once it does, or a
 * failure. Each beat keeps the server's state as it was when sent (as the simulator's latency does).
 */
class FakeServer {
  reaches = true;
  latencyMs = 20;
  failure: DeskError | undefined;
  sent = 0;

  readonly beat: Beat = (signal, reached) => {
    this.sent++;
    const { reaches, latencyMs, failure } = this;
    return new Promise((resolve, reject) => {
      const timers: NodeJS.Timeout[] = [];
      signal.addEventListener('abort', () => {
        timers.forEach(clearTimeout);
        reject(new DeskError('network', 'Discovery (/api): cancelled'));
      });
      if (failure) return void timers.push(setTimeout(() => reject(failure), 5));
      if (!reaches) return;
      timers.push(setTimeout(reached, 5));
      timers.push(setTimeout(() => resolve({ version: '9.40', links: new Map() }), latencyMs));
    });
  };
}

let server: FakeServer;
let pulses: Array<Pulse & { at: number }>;
let heartbeat: Heartbeat;
const last = () => pulses.at(-1);

beforeEach(() => {
  vi.useFakeTimers();
  server = new FakeServer();
  pulses = [];
  heartbeat = new Heartbeat(server.beat, (p) => pulses.push({ ...p, at: Date.now() }));
});

afterEach(() => {
  heartbeat.stop();
  vi.useRealTimers();
});

describe('heartbeat: a hung server is admitted within 5 s, a slow one is not called down', () => {
  it('beats every 2 s, one request each however many items the site has', async () => {
    heartbeat.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.sent).toBe(6); // at 0, 2, 4, 6, 8, 10 s
    expect(last()).toMatchObject({ state: 'fine' });
  });

  it('says down within everyMs + reachMs (≤ 5 s) of the server hanging, since the last time it was heard', async () => {
    heartbeat.start();
    await vi.advanceTimersByTimeAsync(4_100); // beats at 0, 2, 4 answered
    const heardAt = Date.now() - 100 + 20; // the 4 s beat's answer
    const hungAt = Date.now();
    server.reaches = false; // SIGSTOP: connections are accepted by the kernel, never handshaken
    await vi.advanceTimersByTimeAsync(5_000);
    const down = pulses.find((p) => p.state === 'down');
    expect(down, 'a down verdict').toBeDefined();
    expect(down!.at - hungAt).toBeLessThanOrEqual(DEFAULT_HEARTBEAT.everyMs + DEFAULT_HEARTBEAT.reachMs);
    expect(down).toMatchObject({ since: heardAt, reason: expect.stringMatching(/stopped answering/) });
    // And back as soon as a beat is answered again.
    server.reaches = true;
    await vi.advanceTimersByTimeAsync(2_100);
    expect(last()).toMatchObject({ state: 'fine' });
  });

  it('calls a refused connection down at once, with the transport\'s words', async () => {
    heartbeat.start();
    await vi.advanceTimersByTimeAsync(2_100);
    server.failure = new DeskError('network', 'Discovery (/api): the server refused the connection');
    await vi.advanceTimersByTimeAsync(2_010);
    expect(last()).toMatchObject({ state: 'down', reason: 'Discovery (/api): the server refused the connection' });
  });

  it('keeps a server answering within 10 s slow, never down, and clears the notice with the first quick answer', async () => {
    heartbeat.start();
    await vi.advanceTimersByTimeAsync(2_100);
    server.latencyMs = 10_000;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(pulses.filter((p) => p.state === 'down')).toEqual([]);
    expect(last()).toMatchObject({ state: 'slow', tookMs: 10_000 });
    const fastAt = Date.now();
    server.latencyMs = 20;
    await vi.advanceTimersByTimeAsync(2_100);
    const fine = pulses.find((p) => p.at >= fastAt && p.state === 'fine');
    expect(fine, 'fine again').toBeDefined();
    expect(fine!.at - fastAt).toBeLessThanOrEqual(DEFAULT_HEARTBEAT.everyMs + 20);
    // The slow beats sent before it still come back, slowly: they no longer count.
    await vi.advanceTimersByTimeAsync(12_000);
    expect(last()).toMatchObject({ state: 'fine' });
  });

  it('says slow while the first slow answer is still awaited, before it comes', async () => {
    heartbeat.start();
    await vi.advanceTimersByTimeAsync(100);
    server.latencyMs = 8_000;
    await vi.advanceTimersByTimeAsync(4_100);
    expect(last()).toMatchObject({ state: 'slow' });
  });

  it('calls a server that takes requests but answers none for 12 s down', async () => {
    heartbeat.start();
    await vi.advanceTimersByTimeAsync(100);
    server.latencyMs = 120_000; // requests black-holed by the server itself
    await vi.advanceTimersByTimeAsync(11_000);
    expect(pulses.some((p) => p.state === 'down')).toBe(false);
    await vi.advanceTimersByTimeAsync(3_100);
    expect(last()).toMatchObject({ state: 'down', reason: expect.stringMatching(/has not answered any for 12 s/) });
  });

  it('reports a refused key as refused, for the session to stop everything', async () => {
    heartbeat.start();
    await vi.advanceTimersByTimeAsync(100);
    server.failure = new DeskError('unauthorised', 'Discovery (/api): the server refused Gatehouse\'s credentials (401).');
    await vi.advanceTimersByTimeAsync(2_100);
    expect(last()).toMatchObject({ state: 'refused', error: { code: 'unauthorised' } });
  });

  it('takes any HTTP answer (a 5xx, a malformed body) as the server being there', async () => {
    heartbeat.start();
    await vi.advanceTimersByTimeAsync(100);
    server.failure = new DeskError('server-error', 'Discovery (/api): the server failed (503)');
    await vi.advanceTimersByTimeAsync(4_100);
    expect(pulses.some((p) => p.state === 'down')).toBe(false);
  });

  it('sends nothing once stopped', async () => {
    heartbeat.start();
    await vi.advanceTimersByTimeAsync(100);
    heartbeat.stop();
    const sent = server.sent;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.sent).toBe(sent);
    expect(heartbeat.current).toBeUndefined();
  });
});
