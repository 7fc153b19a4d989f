import { isIP } from 'node:net';
import { VaultError } from '../errors';

export interface ServerEndpoint {
  origin: string;
  host: string;
  port: number;
  /** SNI name; absent for an IP address, which SNI may not carry. */
  servername?: string;
}

/** A scheme is letters then "://"; without one, "server.local:8904" would read as the scheme "server.local". */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * Read an https origin (or a URL on it) into where to connect, with a clear error for anything else.
 * A bare "host" or "host:port" is what people type for a server: it means https://host:port.
 */
export function serverEndpoint(typed: string): ServerEndpoint {
  const originOrUrl = HAS_SCHEME.test(typed.trim()) ? typed.trim() : `https://${typed.trim()}`;
  let url: URL;
  try {
    url = new URL(originOrUrl);
  } catch {
    throw new VaultError(
      'invalid-value',
      `"${typed.slice(0, 120)}" is not a server address: type it as https://host:port, e.g. https://server.example:8904`,
    );
  }
  if (url.protocol !== 'https:') {
    throw new VaultError(
      'invalid-value',
      `The server address must start with https:// (the REST interface is HTTPS only), not ${url.protocol}//: ` +
        `try https://${url.host}`,
    );
  }
  if (url.username || url.password) {
    throw new VaultError('invalid-value', 'The server address must not contain a user name or password');
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = url.port ? Number(url.port) : 443;
  return { origin: url.origin, host, port, ...(isIP(host) ? {} : { servername: host }) };
}
