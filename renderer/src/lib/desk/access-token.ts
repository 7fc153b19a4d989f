/**
 * The browser host hands its address over as `#token=…`. The token is read once, removed from the
 * address bar so it is not left on screen or in history, and kept in this tab's sessionStorage: only
 * this origin's scripts read it (the host's CSP allows no others), it survives a reload, and it is gone
 * when the tab closes. The host's token stays the same across its restarts (launch-token.ts), so the
 * page gets back in after a crash or a reload with nobody pasting the address again.
 */
export function tokenFromHash(hash: string): string | undefined {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const token = params.get('token');
  return token ? token : undefined;
}

/** The part of Storage kept here (sessionStorage in the page). */
export interface TokenStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const STORAGE_KEY = 'gatehouse.browser-host.token';

/**
 * The token from the address if it has one (stripping the hash, the parts of Location and History it
 * needs), else the one this tab kept from an earlier load.
 */
export function takeTokenFromLocation(
  location: { hash: string; pathname: string; search: string },
  history: { state: unknown; replaceState(data: unknown, unused: string, url: string): void },
  storage?: TokenStorage,
): string | undefined {
  const fromAddress = tokenFromHash(location.hash);
  if (location.hash) history.replaceState(history.state, '', location.pathname + location.search);
  if (fromAddress) {
    storage?.setItem(STORAGE_KEY, fromAddress);
    return fromAddress;
  }
  return storage?.getItem(STORAGE_KEY) ?? undefined;
}
