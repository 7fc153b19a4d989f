import type { Socket } from 'node:net';
import { buildConnector, Client } from 'undici';

/** One request's own connection: its dispatcher, and how to close it (answered or not). */
export interface OwnConnection {
  dispatcher: Client;
  close(): void;
}

/**
 * Connections opened one per request, for the heartbeat: a request that shares a connection with
 * long-polls or commands waits behind them, and one sent on a connection of its own says whether the
 * server's process finishes a TLS handshake at all (a hung or unreachable server does not), apart from
 * how long it then takes to answer (a slow server still handshakes at once). The handshake starts at
 * once, before the request may have to wait its turn (a key check, see RefusalBudget), so its time
 * is the server's alone. One connector for all of them keeps TLS sessions: each handshake after the
 * first is a short resumption.
 */
export class OwnConnections {
  private readonly connector: buildConnector.connector;
  private readonly url: URL;

  constructor(origin: string, connect: Record<string, unknown>) {
    this.url = new URL(origin);
    this.connector = buildConnector({ ...connect, allowH2: false, maxCachedSessions: 4 } as buildConnector.BuildOptions);
  }

  /** A connection for one request, handshaking now; `connected` is called once its TLS handshake is done. */
  open(connected: () => void): OwnConnection {
    const { hostname, host, protocol, port } = this.url;
    let socket: Socket | undefined;
    let closed = false;
    const early = new Promise<Socket>((resolve, reject) => {
      this.connector({ hostname: hostname.replace(/^\[|\]$/g, ''), host, protocol, port: port || '443' }, (err, s) => {
        if (err) return reject(err);
        socket = s!;
        if (closed) return void socket.destroy();
        connected();
        resolve(socket);
      });
    });
    early.catch(() => undefined);
    let used = false;
    const dispatcher = new Client(this.url.origin, {
      pipelining: 1,
      connect: (options, callback) => {
        // The first connection is the one already handshaking; any later one (there should be none) is new.
        if (used) return this.connector(options, callback);
        used = true;
        early.then(
          (s) => callback(null, s),
          (err: Error) => callback(err, null),
        );
      },
    });
    return {
      dispatcher,
      close: () => {
        closed = true;
        socket?.destroy();
        void dispatcher.destroy().catch(() => undefined);
      },
    };
  }
}
