import { buildConnector, Client } from 'undici';

/**
 * Connections opened one per request, for the heartbeat: a request that shares a connection with
 * long-polls or commands waits behind them, and one sent on a connection of its own says whether the
 * server's process finishes a TLS handshake at all (a hung or unreachable server does not), apart from
 * how long it then takes to answer (a slow server still handshakes at once). One connector for all of
 * them keeps TLS sessions, so each handshake after the first is a short resumption.
 */
export class OwnConnections {
  private readonly connector: buildConnector.connector;

  constructor(
    private readonly origin: string,
    connect: Record<string, unknown>,
  ) {
    this.connector = buildConnector({ ...connect, allowH2: false, maxCachedSessions: 4 } as buildConnector.BuildOptions);
  }

  /** A client for one request; `connected` is called once its TLS handshake is done. Destroy it after. */
  open(connected: () => void): Client {
    return new Client(this.origin, {
      pipelining: 1,
      connect: (options, callback) =>
        this.connector(options, (err, socket) => {
          if (!err) connected();
          // undici's callback takes the error or the socket, never both.
          if (err) callback(err, null);
          else callback(null, socket!);
        }),
    });
  }
}
