import { isIP } from 'node:net';
import { VaultError } from '../errors';

export interface ServerEndpoint {
  origin: string;
  host: string;
  port: number;
  /** SNI name; absent for an IP address, which SNI may not carry. */
  servername?: string;
}

/** Read an https origin (or a URL on it) into where to connect, with a clear error for anything else. */
export function serverEndpoint(originOrUrl: string): ServerEndpoint {
  let url: URL;
  try {
    url = new URL(originOrUrl);
  } catch {
    throw new VaultError('invalid-value', `"${originOrUrl.slice(0, 120)}" is not a URL`);
  }
  if (url.protocol !== 'https:') {
    throw new VaultError('invalid-value', `The server address must use https://, not ${url.protocol}//`);
  }
  if (url.username || url.password) {
    throw new VaultError('invalid-value', 'The server address must not contain a user name or password');
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = url.port ? Number(url.port) : 443;
  return { origin: url.origin, host, port, ...(isIP(host) ? {} : { servername: host }) };
}
