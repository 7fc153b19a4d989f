import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { resolve } from 'node:path';
import { WebSocketServer } from 'ws';
import type { DeskService } from '../../../shared/contract';
import type { Logger } from '../../core/log/logger';
import { describeInternalFailure } from '../../core/internal-error';
import { serveContract, MAX_MESSAGE_BYTES } from './socket';
import { contentSecurityPolicy, readRendererFiles, serveStatic } from './static-files';

export interface BrowserHostOptions {
  /** The desk, or its start: the page is served at once, and sockets are taken once it is there. */
  desk: DeskService | Promise<DeskService>;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  port?: number;
  /** Where the host says what went wrong (the CLI writes JSON lines to stderr). */
  log: Logger;
  /** The access token; the CLI's lasts across restarts (launch-token.ts). Default: a new one. */
  token?: string;
}

export interface BrowserHost {
  /** Address to open, with the access token in the fragment (never sent to any server log). */
  url: string;
  origin: string;
  stop(): Promise<void>;
}

/**
 * Serves the renderer to a browser and carries the desk contract over a WebSocket. Binds 127.0.0.1
 * only, and takes a socket only with this launch's token and this host's own Origin, so another
 * local page or user cannot drive the desk.
 */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const files = readRendererFiles(resolve(options.rendererDir));
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  let origin = '';
  let csp = '';
  let stopped = false;
  // Sockets admitted while the desk starts; ended if the host stops first.
  const waiting = new Set<Duplex>();

  const server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    try {
      serveStatic(files, req.url ?? '/', res, csp);
    } catch (err) {
      // A request must never end the host: whatever went wrong is logged and this one answer fails.
      options.log.error('host.request.failed', describeInternalFailure(err).fields);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal error in Gatehouse');
      else res.destroy();
    }
  });

  server.on('upgrade', (req, socket, head) => {
    if (!admits(req, token, origin)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    // A page that gives up while the desk starts must not end the host with an unheard 'error'.
    const dropped = () => socket.destroy();
    socket.on('error', dropped);
    waiting.add(socket);
    const settled = () => {
      waiting.delete(socket);
      socket.off('error', dropped);
    };
    void Promise.resolve(options.desk).then(
      (desk) => {
        settled();
        if (stopped || socket.destroyed) return socket.destroy();
        sockets.handleUpgrade(req, socket, head, (ws) => serveContract(desk, ws, options.log));
      },
      () => (settled(), socket.destroy()),
    );
  });

  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, '127.0.0.1', () => done());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  csp = contentSecurityPolicy(`127.0.0.1:${port}`);

  return {
    url: `${origin}/#token=${token}`,
    origin,
    async stop() {
      stopped = true;
      for (const socket of waiting) socket.destroy();
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

function admits(req: IncomingMessage, token: string, origin: string): boolean {
  const url = new URL(req.url ?? '/', origin);
  if (url.pathname !== '/desk') return false;
  if (req.headers.origin !== origin) return false;
  const given = Buffer.from(url.searchParams.get('token') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
