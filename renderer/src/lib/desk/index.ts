import { takeTokenFromLocation } from './access-token';
import { createDeskClient, type RendererDesk } from './client';
import { createElectronLink, type PreloadDesk } from './electron-link';
import type { ProblemReporter } from './problems';
import { createSocketLink } from './socket-link';

export type { RendererDesk } from './client';
export type { LinkState, LinkPhase } from './link';

declare global {
  interface Window {
    /** Set by electron/shells/preload when running in the Electron shell; absent under the browser host. */
    desk?: PreloadDesk;
  }
}

/**
 * The one place that knows which shell the renderer runs in: Electron's preload bridge when it is
 * there, otherwise the browser host's WebSocket on the page's own host.
 */
export function connectDesk(report: ProblemReporter): RendererDesk {
  if (window.desk) return createDeskClient(createElectronLink(window.desk), report);

  const token = takeTokenFromLocation(window.location, window.history, window.sessionStorage);
  if (!token) report('No access token in the address: open the exact address the Gatehouse host printed');
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  const url = `ws://${window.location.host}/desk${query}`;
  const link = createSocketLink({ url, openSocket: (u) => new WebSocket(u), report });
  window.addEventListener('pagehide', () => link.close());
  return createDeskClient(link, report);
}
