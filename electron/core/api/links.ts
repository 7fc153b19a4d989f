import { DeskError } from '../../../shared/errors';

export type QueryValue = string | number | undefined;

/**
 * Appends documented query parameters to an href the server gave, keeping the server's own query
 * string exactly as it was (re-serialising it could change its encoding).
 */
export function withQuery(href: string, params: Record<string, QueryValue>): string {
  const extra = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) extra.append(key, String(value));
  const added = extra.toString();
  if (!added) return href;
  const hashAt = href.indexOf('#');
  const base = hashAt === -1 ? href : href.slice(0, hashAt);
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${added}`;
}

/** Refuses any href that is not on the configured server's origin: main follows only the server's own links. */
export function assertOnOrigin(href: string, origin: string): URL {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    throw new DeskError('invalid-response', `The server gave a link that is not a URL: ${href.slice(0, 200)}`);
  }
  if (url.origin !== origin) {
    throw new DeskError('invalid-response', `Refused a link off the server's origin ${origin}: ${url.origin}`);
  }
  return url;
}
