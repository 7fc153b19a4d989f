import { connect, type TLSSocket } from 'node:tls';
import { describeCertificate } from '../certificates/describe-certificate';
import { VaultError, reasonOf } from '../errors';
import type { ServerCertificateProbe } from './server-certificate-pin';
import { serverEndpoint } from './server-origin';

/** OpenSSL's words for a handshake answered by something other than TLS: typically plain HTTP. */
const NOT_TLS = /wrong version number|packet length too long|http request|record layer failure/i;

export interface ProbeOptions {
  /** Give up after this long (default 10 s); the handshake is all that is waited for. */
  timeoutMs?: number;
  now?: Date;
}

/**
 * Fetch the server's certificate for the operator to confirm on first contact. Only a TLS handshake
 * happens: no HTTP request, no API key, and no client certificate (none is configured on this socket),
 * so an impostor learns nothing from a probe. The socket is closed as soon as the handshake completes.
 */
export async function probeServerCertificate(origin: string, options: ProbeOptions = {}): Promise<ServerCertificateProbe> {
  const endpoint = serverEndpoint(origin);
  const timeoutMs = options.timeoutMs ?? 10_000;
  return new Promise((resolve, reject) => {
    const fail = (reason: string): void => {
      reject(new VaultError('server-certificate', `Could not read the server certificate of ${endpoint.origin}: ${reason}`));
    };
    let socket: TLSSocket;
    try {
      socket = connect({
        host: endpoint.host,
        port: endpoint.port,
        ...(endpoint.servername ? { servername: endpoint.servername } : {}),
        // Accept whatever is presented: judging it is the operator's job, and nothing is sent after.
        rejectUnauthorized: false,
      });
    } catch (err) {
      fail(reasonOf(err));
      return;
    }
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      fail(`no answer within ${Math.round(timeoutMs / 1000)} s; check the address and port, and that this computer can reach the server`);
    });
    socket.once('error', (err) => {
      const reason = reasonOf(err);
      const code = (err as { code?: unknown }).code;
      if (NOT_TLS.test(reason)) {
        reject(
          new VaultError(
            'server-certificate',
            `The server at ${endpoint.origin} answered in plain HTTP, not HTTPS: check the port (the REST interface uses HTTPS).`,
          ),
        );
        return;
      }
      if (code === 'ECONNREFUSED') {
        reject(new VaultError('server-certificate', `Nothing is listening at ${endpoint.origin}: check the port, and that the server is running.`));
        return;
      }
      if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
        reject(new VaultError('server-certificate', `The name in ${endpoint.origin} could not be found: check the server address for typing mistakes.`));
        return;
      }
      // Over TLS 1.2 a server that demands a client certificate aborts before the client has seen
      // the server's certificate; the probe deliberately sends none, so say that rather than "alert 40".
      fail(
        /alert (handshake failure|certificate required)/i.test(reason)
          ? 'the server ended the handshake, probably because it demands a client certificate at the TLS level ' +
              '(the probe sends none); check the certificate with the server administrator instead'
          : reason,
      );
    });
    socket.once('secureConnect', () => {
      const certificate = socket.getPeerX509Certificate();
      const trustedBySystem = socket.authorized;
      // A polite close (close_notify, then FIN) rather than a reset, so the server logs a completed
      // handshake and no error; the timer only bounds how long a silent server keeps the socket.
      socket.end();
      setTimeout(() => socket.destroy(), 2_000).unref();
      if (!certificate) {
        fail('the server presented no certificate');
        return;
      }
      try {
        resolve({
          origin: endpoint.origin,
          certificatePem: certificate.toString(),
          summary: describeCertificate(certificate.raw, options.now ?? new Date(), 'The server certificate'),
          trustedBySystem,
        });
      } catch (err) {
        reject(err);
      }
    });
  });
}
