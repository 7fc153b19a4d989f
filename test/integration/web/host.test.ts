import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { DeskService } from '../../../shared/contract';
import { type BrowserHost, startBrowserHost } from '../../../electron/shells/web-host/host';
import { silentLogger } from '../../../electron/core/log/logger';
import { MAX_PKCS12_FILE_BYTES } from '../../../shared/settings/calls';
import { MAX_CALL_MESSAGE_BYTES } from '../../../shared/wire';
import { hostOver, rendererFolder } from './renderer-folder';

// A desk that answers board.get with an empty board and records what it was asked: these tests are
// about who may reach the desk through the host, not about the desk.
const asked: unknown[] = [];
const desk: DeskService = {
  handle: async (name, params) => {
    asked.push([name, params]);
    return { connection: { phase: 'connecting', since: 0, origin: 'https://x', demo: true, features: [] }, items: [], statuses: [] } as never;
  },
  on: () => () => undefined,
};

let host: BrowserHost;
let token: string;

beforeAll(async () => {
  ({ host, token } = await hostOver(desk));
});
afterAll(async () => host?.stop());

function open(path: string, origin?: string): Promise<{ ws?: WebSocket; refused?: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${new URL(host.origin).port}${path}`, origin ? { origin } : {});
    ws.once('open', () => resolve({ ws }));
    ws.once('unexpected-response', (_req, res) => resolve({ refused: res.statusCode }));
    ws.once('error', () => resolve({ refused: -1 }));
  });
}

describe('browser host: only this launch\'s page may drive the desk', () => {
  it('listens on 127.0.0.1 only and puts the token in the fragment', () => {
    expect(host.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(token.length).toBeGreaterThanOrEqual(32);
  });

  it('accepts a socket with the token and its own Origin, and carries calls', async () => {
    const { ws } = await open(`/desk?token=${token}`, host.origin);
    expect(ws).toBeDefined();
    const reply = new Promise<string>((r) => ws!.once('message', (d) => r(String(d))));
    ws!.send(JSON.stringify({ type: 'call', id: 7, name: 'board.get', params: {} }));
    expect(JSON.parse(await reply)).toMatchObject({ type: 'reply', id: 7, reply: { ok: true } });
    ws!.close();
  });

  it('refuses a socket without the token', async () => {
    expect((await open('/desk', host.origin)).refused).toBe(403);
  });

  it('refuses a socket with a wrong token', async () => {
    expect((await open(`/desk?token=${'x'.repeat(token.length)}`, host.origin)).refused).toBe(403);
  });

  it('refuses a socket from a foreign Origin even with the token', async () => {
    expect((await open(`/desk?token=${token}`, 'http://evil.example')).refused).toBe(403);
  });

  it('refuses a socket with no Origin header at all', async () => {
    expect((await open(`/desk?token=${token}`)).refused).toBe(403);
  });

  it('closes a socket that sends something other than a contract call, without calling the desk', async () => {
    const { ws } = await open(`/desk?token=${token}`, host.origin);
    const before = asked.length;
    const closed = new Promise<number>((r) => ws!.once('close', (code) => r(code)));
    ws!.send('{"type":"call","id":"x"}');
    expect(await closed).toBe(1007);
    expect(asked.length).toBe(before);
  });

  it('serves the renderer with a strict CSP, and nothing outside its folder', async () => {
    const page = await fetch(`${host.origin}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await fetch(`${host.origin}/assets/app.js`)).status).toBe(200);
    for (const path of ['/../package.json', '/%2e%2e/%2e%2e/etc/passwd', '/assets/../../etc/passwd']) {
      expect((await fetch(`${host.origin}${path}`)).status).toBe(404);
    }
  });

  it('answers 400 to a path with malformed percent-encoding, and keeps serving', async () => {
    // Any page the desk's browser visits could send this (an <img> pointing at the loopback port).
    for (const path of ['/%', '/%E0%A4%A', '/assets/%zz.js', '/%00']) {
      const answer = await fetch(`${host.origin}${path}`);
      expect([400, 404]).toContain(answer.status);
    }
    expect((await fetch(`${host.origin}/%`)).status).toBe(400);
    expect((await fetch(`${host.origin}/`)).status).toBe(200);
  });

  it('carries a certificate import as large as the file picker allows (a PKCS#12 with its chain is ~52 KB)', async () => {
    const { ws } = await open(`/desk?token=${token}`, host.origin);
    // The largest PKCS#12 file the Settings screen reads, as the import call carries it.
    const fileBase64 = Buffer.alloc(MAX_PKCS12_FILE_BYTES, 7).toString('base64');
    const reply = new Promise<string>((r) => ws!.once('message', (d) => r(String(d))));
    ws!.send(JSON.stringify({ type: 'call', id: 8, name: 'settings.importCertificate', params: { format: 'pkcs12', fileBase64, password: 'p'.repeat(1024) } }));
    expect(JSON.parse(await reply)).toMatchObject({ type: 'reply', id: 8, reply: { ok: true } });
    ws!.close();
  });

  it('closes a socket that sends more than the link carries (1009), and keeps serving', async () => {
    const { ws } = await open(`/desk?token=${token}`, host.origin);
    const closed = new Promise<number>((r) => ws!.once('close', (code) => r(code)));
    ws!.send('x'.repeat(MAX_CALL_MESSAGE_BYTES + 1));
    expect(await closed).toBe(1009);
    expect((await fetch(`${host.origin}/`)).status).toBe(200);
    const again = await open(`/desk?token=${token}`, host.origin);
    expect(again.ws).toBeDefined();
    again.ws!.close();
  });
});

describe('browser host: the page is served before the desk has started', () => {
  let starting: BrowserHost;
  let deskStarted: (desk: DeskService) => void = () => undefined;
  let starts: BrowserHost[] = [];

  beforeAll(async () => {
    starting = await startBrowserHost({ desk: new Promise<DeskService>((resolve) => (deskStarted = resolve)), rendererDir: rendererFolder(), log: silentLogger, token: 'starting-token' });
    starts = [starting];
  });
  afterAll(async () => Promise.all(starts.map((h) => h.stop())));

  function openOn(h: BrowserHost) {
    return new WebSocket(`ws://127.0.0.1:${new URL(h.origin).port}/desk?token=starting-token`, { origin: h.origin });
  }

  it('serves the page at once, and takes a socket opened meanwhile once the desk is there', async () => {
    expect((await fetch(`${starting.origin}/`)).status).toBe(200);
    const ws = openOn(starting);
    let opened = false;
    ws.once('open', () => (opened = true));
    await new Promise((done) => setTimeout(done, 200));
    expect(opened).toBe(false);

    deskStarted(desk);
    await new Promise<void>((resolve) => ws.once('open', () => resolve()));
    const reply = new Promise<string>((r) => ws.once('message', (d) => r(String(d))));
    ws.send(JSON.stringify({ type: 'call', id: 9, name: 'board.get', params: {} }));
    expect(JSON.parse(await reply)).toMatchObject({ type: 'reply', id: 9, reply: { ok: true } });
    ws.close();
  });

  it('still refuses a socket without the token while the desk starts', async () => {
    const waiting = await startBrowserHost({ desk: new Promise<DeskService>(() => undefined), rendererDir: mkdtempSync(join(tmpdir(), 'gatehouse-renderer-')), log: silentLogger, token: 'starting-token' });
    starts.push(waiting);
    const ws = new WebSocket(`ws://127.0.0.1:${new URL(waiting.origin).port}/desk`, { origin: waiting.origin });
    const status = await new Promise<number>((resolve) => ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
    expect(status).toBe(403);
  });

  it('ends a socket still waiting for the desk when the host stops, and a page that gave up does not end the host', async () => {
    const waiting = await startBrowserHost({ desk: new Promise<DeskService>(() => undefined), rendererDir: mkdtempSync(join(tmpdir(), 'gatehouse-renderer-')), log: silentLogger, token: 'starting-token' });
    starts.push(waiting);
    const impatient = openOn(waiting);
    impatient.on('error', () => undefined);
    await new Promise((done) => setTimeout(done, 100));
    impatient.terminate();

    const patient = openOn(waiting);
    const ended = new Promise<string>((resolve) => {
      patient.once('error', (err) => resolve(err.message));
      patient.once('close', () => resolve('closed'));
    });
    await new Promise((done) => setTimeout(done, 100));
    await waiting.stop();
    expect(await ended).toMatch(/closed|socket hang up/);
  });
});
