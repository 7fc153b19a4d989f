import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sendCommand } from '../../../electron/core/api/commands';
import { REFUSAL_BURST } from '../../../electron/core/api/refusal-budget';
import type { Transport } from '../../../electron/core/api/transport';
import { startFaultServer, type Scripted } from '../support/fault-server';

let server: Awaited<ReturnType<typeof startFaultServer>> | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const Page = z.object({ results: z.array(z.object({ href: z.string() })) });

async function serve(script: (index: number) => Scripted) {
  server = await startFaultServer((_req, i) => script(i));
  return server;
}

describe('GET retries: transient failures only, with back-off', () => {
  it('retries a 503 and returns the answer that followed', async () => {
    const s = await serve((i) => (i < 2 ? { status: 503, body: { message: 'busy' } } : { status: 200, body: { results: [] } }));
    await expect(s.transport.getJson(`${s.url}/api/doors`, Page, 'Door search')).resolves.toEqual({ results: [] });
    expect(s.requests).toHaveLength(3);
  });

  it('never retries a 401: one refused request, a typed error without the key', async () => {
    const s = await serve(() => ({ status: 401 }));
    const error = await s.transport.getJson(`${s.url}/api`, Page, 'Discovery').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'unauthorised' });
    expect((error as Error).message).not.toContain('KEY');
    expect(s.requests).toHaveLength(1);
  });

  it('never retries a POST, even after a server error', async () => {
    const s = await serve(() => ({ status: 503, body: { message: 'busy' } }));
    const door = { name: 'Door 1', commands: { open: { href: `${s.url}/api/doors/1/open` } } };
    await expect(sendCommand(s.transport, door, { command: 'open' })).rejects.toMatchObject({ code: 'server-error' });
    expect(s.requests).toHaveLength(1);
    expect(s.requests[0]).toMatchObject({ method: 'POST', url: '/api/doors/1/open', body: '' });
  });

  it('gives up after three attempts with the server error', async () => {
    const s = await serve(() => ({ status: 500 }));
    await expect(s.transport.getJson(`${s.url}/api/doors`, Page, 'Door search')).rejects.toMatchObject({ code: 'server-error' });
    expect(s.requests).toHaveLength(3);
  });
});

describe('a burst of requests when the key may just have been revoked', () => {
  const burst = (s: { url: string; transport: Transport }) =>
    Array.from({ length: 20 }, (_, n) => s.transport.getJson(`${s.url}/api/doors/${n}`, Page, `Door ${n}`).catch((e: unknown) => e));

  it('sends a few, asks once whether the key stands, and refuses the rest unsent with the server\'s answer', async () => {
    const s = await serve(() => ({ status: 401, body: { message: 'Unknown API key' } }));
    const errors = await Promise.all(burst(s));
    errors.forEach((error, n) => {
      expect(error).toMatchObject({ code: 'unauthorised' });
      expect((error as Error).message).toMatch(new RegExp(`^Door ${n}: the server refused`));
    });
    // Ten refusals inside a minute are the server's failure-flood alarm.
    expect(s.requests.length).toBeLessThanOrEqual(REFUSAL_BURST + 1);
    expect(s.requests.filter((r) => r.url === '/api')).toHaveLength(1);
  });

  it('lets the whole burst go after one check when the key stands', async () => {
    const s = await serve(() => ({ status: 200, body: { results: [] } }));
    const answers = await Promise.all(burst(s));
    expect(answers).toEqual(Array(20).fill({ results: [] }));
    expect(s.requests).toHaveLength(21);
    expect(s.requests.filter((r) => r.url === '/api')).toHaveLength(1);
  });
});

describe('answers that do not fit', () => {
  it('names the field of a payload that does not fit its schema, and does not retry', async () => {
    const s = await serve(() => ({ status: 200, body: { results: [{ href: 7 }] } }));
    await expect(s.transport.getJson(`${s.url}/api/doors`, Page, 'Door search')).rejects.toThrow(/Door search: field results\.0\.href/);
    expect(s.requests).toHaveLength(1);
  });

  it('reports a licence refusal with the server text', async () => {
    const s = await serve(() => ({ status: 403, body: { message: 'The site is not licensed for RESTStatus' } }));
    await expect(s.transport.getJson(`${s.url}/api/doors`, Page, 'Door search')).rejects.toMatchObject({
      code: 'licence',
      message: expect.stringContaining('not licensed for RESTStatus'),
    });
  });

  it('takes a created item\'s href from location, and refuses a 201 without one or off the origin', async () => {
    let location: string | undefined = '/api/cardholders/42';
    const s = await serve(() => ({ status: 201, headers: location ? { location } : undefined }));
    await expect(s.transport.create(`${s.url}/api/cardholders`, {}, 'Create cardholder')).resolves.toBe(`${s.url}/api/cardholders/42`);
    location = undefined;
    await expect(s.transport.create(`${s.url}/api/cardholders`, {}, 'Create cardholder')).rejects.toThrow(/no location header/);
    location = 'https://elsewhere.example/api/cardholders/1';
    await expect(s.transport.create(`${s.url}/api/cardholders`, {}, 'Create cardholder')).rejects.toThrow(/off the server's origin/);
  });
});
