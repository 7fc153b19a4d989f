import type { ServerVersion } from '../version';

/** The vendor's scheme word for the API key (cc_rest.yaml, securitySchemes.API_key). */
export const AUTH_SCHEME = 'GGL-API-KEY';

export type HeaderReading = { key: string } | { refusal: string };

/**
 * Reads the API key out of an Authorization header as a real server does (docs/server-interface.md
 * §Authentication): `GGL-API-KEY <key>` at every version, the word in upper case; `Basic
 * base64(anything:key)` from 9.0; the bare key only on a server (not a gateway) before 9.0. Any other
 * word (the spec's stand-in `SERVICE-API-KEY` among them) is refused. A server tolerates extra spaces
 * and reads `Basic` in any case; a gateway takes exactly one space and the words exactly as written,
 * and may want a word of its own (`server.gatewayScheme`) in place of GGL-API-KEY.
 */
export function readAuthorization(header: string | undefined, version: ServerVersion, gateway: boolean, gatewayScheme = AUTH_SCHEME): HeaderReading {
  if (header === undefined || header === '') return { refusal: 'No Authorization header' };
  const strict = /^(\S+) (\S+)$/.exec(header);
  const loose = /^\s*(\S+)\s+(\S+)\s*$/.exec(header);
  const parts = gateway ? strict : loose;

  if (parts) {
    const [, scheme, value] = parts as unknown as [string, string, string];
    const word = gateway ? gatewayScheme : AUTH_SCHEME;
    if (scheme === word) return { key: value };
    if (!gateway && scheme.toUpperCase() === AUTH_SCHEME) {
      // The vendor's training: the word, like the key, must be upper case.
      return { refusal: `The authorization scheme must be written ${AUTH_SCHEME}, in upper case, not "${scheme}"` };
    }
    if (gateway ? scheme === 'Basic' : scheme.toLowerCase() === 'basic') return readBasic(value, version);
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

function readBasic(value: string, version: ServerVersion): HeaderReading {
  if (version.before('9.0')) return { refusal: `Basic authentication is not accepted before version 9.0` };
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return { refusal: 'Basic credentials do not contain a colon before the API key' };
  // The user name before the colon is ignored: only the key authenticates.
  return { key: decoded.slice(colon + 1) };
}
