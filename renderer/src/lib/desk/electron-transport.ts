import type { LinkState, Transport } from './transport';

/** The two functions electron/shells/preload exposes as `window.desk`, and nothing else. */
export interface PreloadDesk {
  call(name: string, params: unknown): Promise<unknown>;
  on(listener: (name: string, payload: unknown) => void): () => void;
}

/**
 * Electron IPC: the link to main lives as long as the window, so it is open from the start. A failed
 * `invoke` (main gone) is turned into a network failure by the caller's unwrapping.
 */
export function createElectronTransport(preload: PreloadDesk, now: () => number = Date.now): Transport {
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
