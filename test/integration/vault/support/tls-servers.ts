import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { createServer as createTlsServer, type Server as TlsServer, type TLSSocket } from 'node:tls';
import type { AddressInfo } from 'node:net';
import { X509Certificate } from 'node:crypto';
import { pkcs8Pem, type TestCertificate } from '../../../unit/vault/support/certificates';

/** What a test server saw: handshakes, HTTP requests, application bytes and client certificates. */
export interface ServerLog {
  handshakes: number;
  requests: number;
  applicationBytes: number;
  /** SHA-1 thumbprints (uppercase hex) of client certificates presented, or null for none. */
  clientThumbprints: (string | null)[];
}

export interface RunningServer {
  origin: string;
  log: ServerLog;
  close(): Promise<void>;
}

function newLog(): ServerLog {
  return { handshakes: 0, requests: 0, applicationBytes: 0, clientThumbprints: [] };
}

function noteClient(log: ServerLog, socket: TLSSocket): void {
  const peer = socket.getPeerX509Certificate();
  log.clientThumbprints.push(peer ? peer.fingerprint.replaceAll(':', '') : null);
}

async function listen(server: HttpsServer | TlsServer, log: ServerLog): Promise<RunningServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface ServerOptions {
  /** The server's certificate, then any chain certificates it sends. */
  certificate: TestCertificate;
  chain?: TestCertificate[];
  /** Ask for a client certificate (accepting any, as the REST server checks the thumbprint itself). */
  requestClientCertificate?: boolean;
  /** Refuse the handshake without a trusted client certificate (TLS-level mutual authentication). */
  requireClientCertificate?: boolean;
  maxVersion?: 'TLSv1.2' | 'TLSv1.3';
}

function tlsOptions(options: ServerOptions) {
  return {
    cert: [options.certificate, ...(options.chain ?? [])].map((c) => c.certificatePem).join(''),
    key: pkcs8Pem(options.certificate),
    requestCert: (options.requestClientCertificate ?? false) || (options.requireClientCertificate ?? false),
    rejectUnauthorized: options.requireClientCertificate ?? false,
    ...(options.maxVersion ? { maxVersion: options.maxVersion } : {}),
  };
}

/** A real HTTPS server answering every request with 200 "ok", counting what reached it. */
export function startHttpsServer(options: ServerOptions): Promise<RunningServer> {
  const log = newLog();
  const server = createHttpsServer(tlsOptions(options), (req, res) => {
    log.requests++;
    res.end('ok');
  });
  server.on('secureConnection', (socket: TLSSocket) => {
    log.handshakes++;
    noteClient(log, socket);
  });
  return listen(server, log);
}

/** A bare TLS server that counts every decrypted byte a client sends after the handshake. */
export function startByteCountingServer(options: ServerOptions): Promise<RunningServer> {
  const log = newLog();
  const server = createTlsServer(tlsOptions(options), (socket) => {
    log.handshakes++;
    noteClient(log, socket);
    socket.on('data', (chunk: Buffer) => {
      log.applicationBytes += chunk.length;
      socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok');
    });
    socket.on('error', () => undefined);
  });
  server.on('tlsClientError', () => undefined); // refused handshakes are what some tests are about
  return listen(server, log);
}

export function fingerprint256Of(cert: TestCertificate): string {
  return new X509Certificate(cert.certificatePem).fingerprint256;
}
