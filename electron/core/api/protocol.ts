import { connect, type ConnectionOptions } from 'node:tls';
import { errorForFailure } from './errors';

export type HttpProtocol = 'h2' | 'http/1.1';

/**
 * Asks the server, by ALPN, whether it speaks HTTP/2. The watch agent is shaped by the answer: on
 * HTTP/2 thousands of long-polls share a few multiplexed connections; on HTTP/1.1 each held poll takes a
 * whole connection, so their number must be bounded and shared fairly.
 */
export function detectProtocol(url: URL, options: ConnectionOptions, timeoutMs = 10_000): Promise<HttpProtocol> {
  return new Promise((resolve, reject) => {
    const socket = connect({
      ...options,
      host: url.hostname,
      port: Number(url.port || 443),
      servername: isIp(url.hostname) ? undefined : url.hostname,
      ALPNProtocols: ['h2', 'http/1.1'],
    });
    socket.setTimeout(timeoutMs, () => socket.destroy(Object.assign(new Error('ALPN probe timed out'), { code: 'ETIMEDOUT' })));
    socket.once('secureConnect', () => {
      const protocol = socket.alpnProtocol === 'h2' ? 'h2' : 'http/1.1';
      socket.end();
      resolve(protocol);
    });
    socket.once('error', (err) => reject(errorForFailure(err, 'Connecting to the server')));
  });
}

function isIp(host: string): boolean {
  return /^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[');
}
