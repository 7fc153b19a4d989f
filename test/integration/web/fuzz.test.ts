import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { z } from 'zod';
import { collect } from '../../../electron/core/api/items';
import { searchAll } from '../../../electron/core/api/paging';
import type { BrowserHost } from '../../../electron/shells/web-host/host';
import type { DeskService } from '../../../shared/contract';
import { DeskError } from '../../../shared/errors';
import { MAX_CALL_MESSAGE_BYTES } from '../../../shared/wire';
import { startFaultServer, type Scripted } from '../support/fault-server';
import { hostOver } from './renderer-folder';

// A fuzzing pass over what an attacker, a flaky network or a misbehaving server can send the desk:
// the browser host's HTTP and WebSocket surfaces, and hostile answers from a server the desk pins. All
// on loopback, a fixed number of cases from a fixed seed (so a failure replays), and the host must
// still answer afterwards with its memory bounded.

/** mulberry32: a small seeded generator, so every run sends the same cases. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(20261123);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => Math.floor(rand() * 256)));

// A desk that answers, refuses, or fails with a bug at random: dispatch must turn each into a reply.
let calls = 0;
const desk: DeskService = {
  handle: async () => {
    calls += 1;
    const roll = rand();
    if (roll < 0.3) throw new DeskError('offline', 'Not connected');
    if (roll < 0.5) throw new TypeError("Cannot read properties of undefined (reading 'href')");
    return { accepted: true } as never;
  },
  on: () => () => undefined,
};

let host: BrowserHost;
let token: string;
let port: number;
let rssBefore: number;

beforeAll(async () => {
  ({ host, token } = await hostOver(desk));
  port = Number(new URL(host.origin).port);
  rssBefore = process.memoryUsage().rss;
});
afterAll(async () => host?.stop());

async function stillServes(): Promise<void> {
  expect((await fetch(`${host.origin}/`)).status).toBe(200);
}

/**
 * Sends raw bytes as an HTTP request and resolves once the host answers or closes. `halfClose` ends
 * our side at once (for garbage that is no complete request); a whole request keeps it open, as a
 * browser does, since Node drops an answer still being read from disk when the client hangs up.
 */
function rawRequest(data: Buffer, halfClose = true): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d.toString('latin1')));
    socket.on('error', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.setTimeout(2_000, () => socket.destroy());
    if (halfClose) socket.end(data);
    else socket.write(data);
  });
}

function openDesk(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/desk?token=${token}`, { origin: host.origin });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

const PATH_PARTS = ['%', '%%', '%zz', '%E0%A4%A', '%00', '%2e%2e', '..', '/', '\\', '?', '#', 'ä', '\u0000', '%C0%AF', 'assets', 'index.html', '%FF'];

describe('fuzzing the browser host', () => {
  it('answers every malformed path with a status, never a crash', async () => {
    for (let i = 0; i < 400; i++) {
      const path = '/' + Array.from({ length: 1 + Math.floor(rand() * 6) }, () => pick(PATH_PARTS)).join('');
      const answer = await rawRequest(Buffer.from(`${pick(['GET', 'HEAD', 'POST', 'DELETE'])} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`, 'latin1'), false);
      expect(answer).toMatch(/^HTTP\/1\.1 (200|400|404|405) /);
    }
    await stillServes();
  });

  it('survives raw garbage on the HTTP port', async () => {
    for (let i = 0; i < 100; i++) await rawRequest(bytes(1 + Math.floor(rand() * 4096)));
    await rawRequest(Buffer.from(`GET /${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`));
    await stillServes();
  });

  it('survives malformed, binary, invalid-UTF-8 and oversized frames, and hostile call names', async () => {
    const names = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'board.get', 'item.command', 'x'.repeat(10_000), ''];
    for (let round = 0; round < 40; round++) {
      const ws = await openDesk();
      const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
      ws.on('error', () => undefined);
      for (let i = 0; i < 20; i++) {
        const kind = pick(['call', 'call', 'call', 'json', 'binary', 'utf8', 'huge']);
        if (kind === 'call') {
          const params = pick([{}, { href: 'h', command: pick(names) }, null, [], 'x', { __proto__: { polluted: true } }]);
          ws.send(JSON.stringify({ type: 'call', id: i, name: pick(names), params }));
        } else if (kind === 'json') ws.send(pick(['{', '[]', 'null', '{"type":"call","id":1e400}', '"'.repeat(1000)]));
        else if (kind === 'binary') ws.send(bytes(64), { binary: true });
        else if (kind === 'utf8') ws.send(Buffer.from([0x7b, 0xc3, 0x28, 0xff, 0x7d]), { binary: false });
        else ws.send(Buffer.alloc(MAX_CALL_MESSAGE_BYTES + 1, 0x61), { binary: false });
        if (ws.readyState !== ws.OPEN) break;
      }
      ws.close();
      await closed;
    }
    expect(calls).toBeGreaterThan(0);
    await stillServes();
    // Every call still gets a reply, internal errors included.
    const ws = await openDesk();
    const reply = new Promise<string>((resolve) => ws.once('message', (d) => resolve(String(d))));
    ws.send(JSON.stringify({ type: 'call', id: 99, name: 'item.command', params: { href: 'h', command: 'open' } }));
    expect(JSON.parse(await reply)).toMatchObject({ type: 'reply', id: 99 });
    ws.close();
  }, 120_000);
});

describe('fuzzing the desk with a hostile server', () => {
  const Item = z.object({ href: z.string(), name: z.string().optional() });
  const answers: ((url: string, i: number) => Scripted)[] = [
    () => ({ status: 200, raw: `{"results":[],"pad":"${'x'.repeat(17 * 1024 * 1024)}"}` }),
    () => ({ status: 200, raw: '['.repeat(200_000) }),
    () => ({ status: 200, raw: `{"results":${'['.repeat(5_000)}${']'.repeat(5_000)}}` }),
    (url) => ({ status: 200, body: { results: [{ href: '/d/1' }], next: { href: url.startsWith('/a') ? `${server.url}/b` : `${server.url}/a` } } }),
    (_url, i) => ({ status: 200, body: { results: [{ href: `/d/${i}` }], next: { href: `${server.url}/p/${i}` } } }),
    () => ({ status: 200, body: { results: [{ href: '/d/1', name: 'n'.repeat(1024 * 1024) }] } }),
    () => ({ status: 200, body: { results: Array.from({ length: 50_000 }, (_, j) => ({ href: `/d/${j}` })) } }),
    () => ({ status: 200, raw: bytes(4096) }),
    () => ({ status: pick([301, 404, 500, 503, 418]), raw: bytes(512) }),
    () => ({ status: 200, body: { results: [{ href: 7 }] } }),
  ];
  let script: (url: string, i: number) => Scripted = answers[0]!;
  let server: Awaited<ReturnType<typeof startFaultServer>>;

  beforeAll(async () => {
    server = await startFaultServer((req, i) => script(req.url, i), { pagesPerSearch: 50 });
  });
  afterAll(async () => server?.stop());

  it('every hostile answer ends in an error naming what was wrong, within bounds', async () => {
    for (let round = 0; round < 2; round++) {
      for (const answer of answers) {
        script = answer;
        const before = server.requests.length;
        const error = await collect(searchAll(server.transport, `${server.url}/api/doors`, Item, 'Door search')).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(DeskError);
        expect((error as DeskError).message).toMatch(/^Door search: /);
        // Retries and pages are bounded: never an endless walk.
        expect(server.requests.length - before).toBeLessThanOrEqual(50);
      }
    }
  }, 120_000); // a fixed number of cases; the limit only stops a hung pass on a busy machine

  it('leaves the host with its memory bounded after the whole pass', async () => {
    await stillServes();
    const grown = process.memoryUsage().rss - rssBefore;
    // Generous: the pass sent well over a gigabyte in total; none of it may stay.
    expect(grown).toBeLessThan(400 * 1024 * 1024);
    console.log(`fuzz pass: RSS grew ${Math.round(grown / 1024 / 1024)} MiB`);
  });
});
