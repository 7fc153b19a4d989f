import type { ServerVersion } from '../version';

/** A neutral word for the API-key scheme (the real one carries a vendor name; docs/server-interface.md §Authentication). */
export const AUTH_SCHEME = 'SERVICE-API-KEY';

export type HeaderReading = { key: string } | { refusal: string };

/**
 * Reads the API key out of an Authorization header (Authentication, 3 and 4):
 * `SERVICE-API-KEY <key>` always; `Basic base64(anything:key)` from 9.0; the bare key only on a
 * server (not a gateway) before 9.0. A gateway is strict about case and spacing.
 */
export function readAuthorization(header: string | undefined, version: ServerVersion, gateway: boolean): HeaderReading {
  if (header === undefined || header === '') return { refusal: 'No Authorization header' };
  const strict = /^(\S+) (\S+)$/.exec(header);
  const loose = /^\s*(\S+)\s+(\S+)\s*$/.exec(header);
  const parts = gateway ? strict : loose;

  if (parts) {
    const [, scheme, value] = parts as unknown as [string, string, string];
    const sameWord = (word: string) => (gateway ? scheme === word : scheme.toLowerCase() === word.toLowerCase());
    if (sameWord(AUTH_SCHEME)) return { key: value };
    if (sameWord('Basic')) {
      if (version.before('9.0')) return { refusal: `Basic authentication is not accepted before version 9.0` };
      const decoded = Buffer.from(value, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon < 0) return { refusal: 'Basic credentials do not contain a colon before the API key' };
      // The username before the colon is ignored: only the key authenticates.
      return { key: decoded.slice(colon + 1) };
    }
    return { refusal: `Unknown authorization scheme "${scheme.slice(0, 40)}"` };
  }
  const bare = header.trim();
  if (!/\s/.test(bare)) {
    if (gateway) return { refusal: 'Authorization header lacks the scheme word (the gateway requires it)' };
    if (version.atLeast('9.0')) return { refusal: 'Authorization header lacks the scheme word' };
    return { key: bare };
  }
  return { refusal: 'Authorization header is not in a recognised form' };
}
