import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ANSWER_LIMITS } from '../../../electron/core/api/answer-limits';
import { searchAll } from '../../../electron/core/api/paging';
import { collect } from '../../../electron/core/api/items';
import { startFaultServer, type Scripted } from '../support/fault-server';

// A misbehaving server (on loopback, pinned by the test) must not be able to exhaust the desk: every
// answer is bounded, and each bound is an error that names it.

let server: Awaited<ReturnType<typeof startFaultServer>> | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const Item = z.object({ href: z.string(), name: z.string().optional() });
const Page = z.object({ results: z.array(Item), next: z.object({ href: z.string() }).optional() });

async function serve(script: (path: string, index: number) => Scripted, limits?: Parameters<typeof startFaultServer>[1]) {
  server = await startFaultServer((req, i) => script(req.url, i), limits);
  return server;
}

describe('server answers are bounded', () => {
  it('refuses an answer larger than the byte limit (declared length), naming the limit', async () => {
    const s = await serve(() => ({ status: 200, raw: `{"results":[],"pad":"${'x'.repeat(ANSWER_LIMITS.answerBytes)}"}` }));
    await expect(s.transport.getJson(`${s.url}/api/doors`, Page, 'Door search')).rejects.toThrow(
      /Door search: the server's answer is larger than 16 MiB, the most Gatehouse reads/,
    );
  });

  it('refuses a streamed answer once it passes the byte limit', async () => {
    const s = await serve(() => ({ status: 200, raw: `{"results":[],"pad":"${'x'.repeat(2048)}"}`, headers: { 'transfer-encoding': 'chunked' } }), {
      answerBytes: 1024,
    });
    await expect(s.transport.getJson(`${s.url}/api/doors`, Page, 'Door search')).rejects.toThrow(/larger than 1 KiB/);
  });

  it('refuses a giant string, naming where it is', async () => {
    const s = await serve(() => ({ status: 200, body: { results: [{ href: `${s.url}/api/doors/1`, name: 'n'.repeat(ANSWER_LIMITS.stringChars + 1) }] } }));
    await expect(s.transport.getJson(`${s.url}/api/doors`, Page, 'Door search')).rejects.toThrow(
      /string of 65537 characters, over the limit of 65536 at results\.0\.name/,
    );
  });

  it('refuses a page with more items than any page the desk asks for', async () => {
    const results = Array.from({ length: ANSWER_LIMITS.entries + 1 }, (_, i) => ({ href: `/api/doors/${i}` }));
    const s = await serve(() => ({ status: 200, body: { results } }));
    await expect(s.transport.getJson(`${s.url}/api/doors`, Page, 'Door search')).rejects.toThrow(/10001 items in one list, over the limit of 10000 at results/);
  });

  it('refuses deeply nested JSON without overflowing its own stack', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const s = await serve(() => ({ status: 200, raw: `{"results":[],"extra":${deep}}` }));
    await expect(s.transport.getJson(`${s.url}/api/doors`, Page, 'Door search')).rejects.toThrow(/nested more than 32 levels deep/);
  });

  it('stops a search whose next link loops back to a page already read', async () => {
    const s = await serve((path) => {
      const at = Number(/page=(\d+)/.exec(path)?.[1] ?? 0);
      return { status: 200, body: { results: [{ href: `/d/${at}` }], next: { href: `${s.url}/api/doors?page=${(at + 1) % 3}` } } };
    });
    await expect(collect(searchAll(s.transport, `${s.url}/api/doors`, Item, 'Door search'))).rejects.toThrow(
      /Door search: the server's next link leads back to a page already read \(page 4\)/,
    );
    expect(s.requests.length).toBeLessThanOrEqual(5);
  });

  it('stops a search that never ends, at the page limit', async () => {
    const s = await serve((_path, i) => ({ status: 200, body: { results: [{ href: `/d/${i}` }], next: { href: `${s.url}/api/doors?page=${i + 1}` } } }), {
      pagesPerSearch: 50,
    });
    await expect(collect(searchAll(s.transport, `${s.url}/api/doors`, Item, 'Door search'))).rejects.toThrow(/more than 50 pages in one search/);
    expect(s.requests).toHaveLength(50);
  });

  it('stops a search at the item limit', async () => {
    const s = await serve((_path, i) => ({
      status: 200,
      body: { results: Array.from({ length: 100 }, (_, j) => ({ href: `/d/${i}/${j}` })), next: { href: `${s.url}/api/doors?page=${i + 1}` } },
    }), { itemsPerSearch: 250 });
    await expect(collect(searchAll(s.transport, `${s.url}/api/doors`, Item, 'Door search'))).rejects.toThrow(/more than 250 items in one search/);
    expect(s.requests).toHaveLength(3);
  });
});
