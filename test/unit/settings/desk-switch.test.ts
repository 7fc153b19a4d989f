import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Desk } from '../../../electron/core/desk';
import type { OpenedSite, SiteSource } from '../../../electron/core/site-source';

/** A loopback port with nothing listening: every connection to it is refused at once. */
async function closedPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function site(port: number, close = vi.fn(async () => undefined)): OpenedSite {
  return { config: { baseUrl: `https://127.0.0.1:${port}`, apiKey: 'k', auth: { kind: 'basic' }, tls: {}, demo: false }, close };
}

let desk: Desk | undefined;
afterEach(async () => {
  await desk?.stop();
  desk = undefined;
});

describe('Desk.switchTo: a connect the operator asked for keeps the running site until the new one answers', () => {
  it('leaves the running site, and the remembered choice, alone when the configured site does not answer', async () => {
    const port = await closedPort();
    const running = site(port);
    const remember = vi.fn();
    const sites: SiteSource = { open: async (choice) => (choice === 'auto' ? running : site(port)), remember };
    desk = new Desk({ sites });
    await desk.start();

    await expect(desk.handle('site.connect', { site: 'configured' })).rejects.toThrow(
      `Nothing is listening at https://127.0.0.1:${port}: check the port, and that the access-control server is running.`,
    );
    expect(running.close).not.toHaveBeenCalled();
    expect(remember).not.toHaveBeenCalled();
    // The running site's session still answers.
    await expect(desk.handle('board.get', {})).resolves.toMatchObject({ connection: { origin: `https://127.0.0.1:${port}` } });
  });
});
