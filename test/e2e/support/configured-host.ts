import type { ConnectionState } from '../../../shared/domain';
import { openDeskSocket } from './desk-socket';
import { applySiteSettings } from './desk-settings';
import { startHostIn, type KillableHost } from './host-in-folder';
import type { SiteSimulator } from './simulator';

/**
 * A browser host on a settings folder the test keeps, configured for `site` through its Settings calls
 * and connected: a desk of that site. Starting it again on the same folder is a restart of that desk.
 */
export async function startConfiguredHost(dataDir: string, site: SiteSimulator): Promise<KillableHost> {
  const host = await startHostIn(dataDir);
  try {
    const desk = await openDeskSocket(host.url);
    try {
      await applySiteSettings(desk, site);
      const connection = await desk.call<ConnectionState>('site.connect', { site: 'configured' });
      if (connection.demo) throw new Error(`site.connect left the desk on the demo site (${connection.phase}: ${connection.reason ?? 'no reason given'})`);
    } finally {
      desk.close();
    }
    return host;
  } catch (err) {
    await host.stop();
    throw err;
  }
}
