import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createSocketLink, type SocketLink } from '../../../renderer/src/lib/desk/socket-link';
import type { LinkState } from '../../../renderer/src/lib/desk/link';
import { MAX_CALL_MESSAGE_BYTES } from '../../../shared/wire';

// A stand-in for the browser host on loopback: answers calls by a rule the test gives, and lets the
// test push events and drop connections.
async function startHost(answer: (msg: { id: number; name: string; params: unknown }) => unknown) {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const urls: string[] = [];
  server.on('connection', (socket, request) => {
    urls.push(request.url ?? '');
    socket.on('message', (data) => {
      const msg = JSON.parse(String(data));
      const reply = answer(msg);
      if (reply !== undefined) socket.send(JSON.stringify({ type: 'reply', id: msg.id, reply }));
    });
  });
  const { port } = server.address() as { port: number };
  return { server, urls, url: `ws://127.0.0.1:${port}/desk?token=t0k3n` };
}

/** Resolves with the first link state that passes `test` (now or later). */
function linkWhere(link: SocketLink, test: (s: LinkState) => boolean): Promise<LinkState> {
  return new Promise((resolve) => {
    const stop = link.onLink((s) => {
      if (test(s)) {
        queueMicrotask(() => stop());
        resolve(s);
      }
    });
  });
}

const fast = { firstMs: 10, maxMs: 40 };
let cleanup: (() => void)[] = [];
afterEach(() => {
  cleanup.forEach((c) => c());
  cleanup = [];
});

function open(url: string, report: (m: string) => void = () => {}) {
  const link = createSocketLink({ url, report, backoff: fast, openSocket: (u) => new WebSocket(u) });
  cleanup.push(() => link.close());
  return link;
}

describe('browser host socket link', () => {
  it('sends calls as CallMessages and resolves with the matching reply envelope', async () => {
    const host = await startHost((msg) => ({ ok: true, value: { echo: msg.name, params: msg.params } }));
    cleanup.push(() => host.server.close());
    const link = open(host.url);
    await linkWhere(link, (s) => s.phase === 'open');
    const [a, b] = await Promise.all([link.request('board.get', {}), link.request('item.command', { href: 'h', command: 'open' })]);
    expect(a).toEqual({ ok: true, value: { echo: 'board.get', params: {} } });
    expect(b).toEqual({ ok: true, value: { echo: 'item.command', params: { href: 'h', command: 'open' } } });
    expect(host.urls).toEqual(['/desk?token=t0k3n']);
  });

  it('refuses a call larger than the host takes, naming the limit, without sending it or dropping the link', async () => {
    const seen: string[] = [];
    const host = await startHost((msg) => (seen.push(msg.name), { ok: true, value: null }));
    cleanup.push(() => host.server.close());
    const transport = open(host.url);
    await linkWhere(transport, (s) => s.phase === 'open');
    const huge = { format: 'pkcs12', fileBase64: 'A'.repeat(MAX_CALL_MESSAGE_BYTES), password: '' };
    await expect(transport.request('settings.importCertificate', huge)).rejects.toThrow(/settings\.importCertificate is \d+ KiB, more than the 1024 KiB .* nothing was sent/);
    expect(await transport.request('board.get', {})).toEqual({ ok: true, value: null });
    expect(seen).toEqual(['board.get']);
  });

  it('delivers events and reports messages that are not JSON or not in the wire format', async () => {
    const host = await startHost(() => undefined);
    cleanup.push(() => host.server.close());
    const problems: string[] = [];
    const link = open(host.url, (m) => problems.push(m));
    const events: unknown[] = [];
    link.onEvent((name, payload) => events.push({ name, payload }));
    await linkWhere(link, (s) => s.phase === 'open');
    const [socket] = [...host.server.clients];
    socket!.send('not json');
    socket!.send(JSON.stringify({ type: 'gossip' }));
    socket!.send(JSON.stringify({ type: 'event', name: 'connection', payload: { phase: 'connected' } }));
    await expect.poll(() => events.length).toBe(1);
    expect(events).toEqual([{ name: 'connection', payload: { phase: 'connected' } }]);
    expect(problems).toEqual([
      'Ignored a message from the Gatehouse host that is not JSON',
      expect.stringMatching(/^Ignored a malformed message from the Gatehouse host: type: /),
    ]);
  });

  it('fails waiting calls when the socket drops, refuses calls while down, and reconnects', async () => {
    const host = await startHost(() => undefined); // never answers, so the call is still waiting at the drop
    cleanup.push(() => host.server.close());
    const link = open(host.url);
    await linkWhere(link, (s) => s.phase === 'open');

    const waiting = link.request('item.command', { href: 'h', command: 'open' });
    const reconnecting = linkWhere(link, (s) => s.phase === 'reconnecting');
    [...host.server.clients].forEach((c) => c.terminate());

    await expect(waiting).rejects.toMatchObject({ code: 'network', message: expect.stringContaining('result is unknown') });
    const state = await reconnecting;
    expect(state.reason).toBe('Lost the link to the Gatehouse host');
    expect(state.nextAttemptAt).toBeGreaterThanOrEqual(state.since);
    await expect(link.request('board.get', {})).rejects.toMatchObject({ code: 'offline' });

    await linkWhere(link, (s) => s.phase === 'open');
    expect(host.urls).toEqual(['/desk?token=t0k3n', '/desk?token=t0k3n']);
  });

  it('keeps the first reason and start time through an outage with failed retries', async () => {
    const host = await startHost(() => undefined);
    const link = open(host.url);
    await linkWhere(link, (s) => s.phase === 'open');
    const retries: LinkState[] = [];
    const thirdRetry = new Promise<void>((resolve) =>
      link.onLink((s) => {
        if (s.phase === 'reconnecting' && retries.push(s) === 3) resolve();
      }),
    );
    [...host.server.clients].forEach((c) => c.terminate());
    host.server.close();
    await thirdRetry;
    expect(retries.map((s) => s.reason)).toEqual(Array(3).fill('Lost the link to the Gatehouse host'));
    expect(new Set(retries.map((s) => s.since)).size).toBe(1);
  });

  it('keeps retrying with growing back-off while the host is not there', async () => {
    const host = await startHost(() => undefined);
    await new Promise((resolve) => host.server.close(resolve));
    // A stopped clock makes each retry's nextAttemptAt minus now exactly its delay.
    const link = createSocketLink({ url: host.url, report: () => {}, backoff: fast, now: () => 1_000, openSocket: (u) => new WebSocket(u) });
    cleanup.push(() => link.close());
    const retries: LinkState[] = [];
    await new Promise<void>((resolve) =>
      link.onLink((s) => {
        if (s.phase === 'reconnecting' && retries.push(s) === 4) resolve();
      }),
    );
    // The shared rule: each delay lies in the upper half of a ceiling that doubles up to the cap.
    const delays = retries.map((s) => s.nextAttemptAt! - 1_000);
    [10, 20, 40, 40].forEach((ceiling, i) => {
      expect(delays[i]).toBeGreaterThanOrEqual(ceiling / 2);
      expect(delays[i]).toBeLessThanOrEqual(ceiling);
    });
    expect(delays[2]!).toBeGreaterThan(delays[0]!);
    expect(retries.every((s) => s.reason === 'Cannot reach the Gatehouse host, or it refused this page' && s.since === 1_000)).toBe(true);
  });
});
