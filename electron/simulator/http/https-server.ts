import { createSecureServer, type Http2SecureServer, type Http2Session } from 'node:http2';
import type { Socket } from 'node:net';
import type { Exchange } from './exchange';
import { Exchange as ExchangeImpl } from './exchange';

export interface HttpsListener {
  server: Http2SecureServer;
  port: number;
  /** Drops every open connection (fault injection, and part of stopping). */
  dropConnections(): void;
  close(): Promise<void>;
}

/**
 * The HTTPS listener: HTTP/2 and HTTP/1.1 on one port (ALPN), asking every client for a
 * certificate but leaving the decision to the REST client item's pinned thumbprint.
 */
export async function listenHttps(
  options: { certPem: string; keyPem: string; host: string; port: number; origin: () => string },
  handle: (exchange: Exchange) => Promise<void>,
): Promise<HttpsListener> {
  const server = createSecureServer({
    cert: options.certPem,
    key: options.keyPem,
    allowHTTP1: true,
    requestCert: true,
    rejectUnauthorized: false,
    // Thousands of held long-polls can share one HTTP/2 session; the default 10 MB budget is too small.
    maxSessionMemory: 256,
  });
  const sockets = new Set<Socket>();
  const sessions = new Set<Http2Session>();
  server.on('secureConnection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('session', (session: Http2Session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  server.on('request', (req, res) => {
    const exchange = new ExchangeImpl(req, res, options.origin());
    handle(exchange).catch((err: unknown) => {
      if (!exchange.done) exchange.error(500, `Simulator error: ${(err as Error).message}`);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  const dropConnections = () => {
    for (const session of sessions) session.destroy();
    for (const socket of sockets) socket.destroy();
  };
  return {
    server,
    port,
    dropConnections,
    // Graceful first, so answers already written (held long-polls just released) reach their
    // clients; whatever is still open shortly after is cut.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const session of sessions) session.close();
        const cut = setTimeout(dropConnections, 250);
        cut.unref();
        setImmediate(() => {
          for (const socket of sockets) if (!(socket as Socket & { _httpMessage?: unknown })._httpMessage) socket.destroy();
        });
      }),
  };
}
