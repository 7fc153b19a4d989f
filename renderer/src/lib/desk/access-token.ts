/**
 * The browser host hands its one-time URL over as `#token=…`. The token is read once, kept in memory
 * for reconnects, and removed from the address bar so it is not left on screen or in history.
 */
export function tokenFromHash(hash: string): string | undefined {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const token = params.get('token');
  return token ? token : undefined;
}

/** Reads the token and strips the hash from the address bar (the parts of Location and History it needs). */
export function takeTokenFromLocation(
  location: { hash: string; pathname: string; search: string },
  history: { state: unknown; replaceState(data: unknown, unused: string, url: string): void },
): string | undefined {
  const token = tokenFromHash(location.hash);
  if (location.hash) history.replaceState(history.state, '', location.pathname + location.search);
  return token;
}
