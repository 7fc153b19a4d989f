import type { LinkState, Link } from './link';

/** The two functions electron/shells/preload exposes as `window.desk`, and nothing else. */
export interface PreloadDesk {
  call(name: string, params: unknown): Promise<unknown>;
  on(listener: (name: string, payload: unknown) => void): () => void;
}

/**
 * Electron IPC: the link to main lives as long as the window, so it is open from the start. A failed
 * `invoke` (main gone) is turned into a network failure by the caller's unwrapping.
 */
export function createElectronLink(preload: PreloadDesk, now: () => number = Date.now): Link {
  const open: LinkState = { phase: 'open', since: now() };
  return {
    request: (name, params) => preload.call(name, params),
    onEvent: (listener) => preload.on(listener),
    onLink: (listener) => {
      listener(open);
      return () => {};
    },
  };
}
