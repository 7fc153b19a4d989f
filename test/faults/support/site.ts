// What the fault matrix needs of a site, without vitest (`npm run faults` runs outside the test runner).
import { request } from 'undici';
import { Transport } from '../../../electron/core/api/transport';
import { deskConfigFor, type SiteAddress } from '../../support/desk-config';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../../electron/simulator/index';

/** A simulator on loopback with no scenario (the matrix moves things itself) and 1 s long-polls. */
export function startTestSite(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  return startSimulator({ scenario: false, updatesTimeoutMs: 1_000, ...options });
}

// A site in a child process (the hung-server row) is reached by its address alone.
export { deskConfigFor, type SiteAddress };

export function transportFor(site: SiteAddress): Transport {
  const config = deskConfigFor(site);
  return new Transport({ baseUrl: config.baseUrl, apiKey: config.apiKey, auth: config.auth, tls: config.tls });
}

/** The server's event log through its control API. */
export async function siteEvents(site: Pick<SiteAddress, 'controlUrl'>): Promise<Array<Record<string, unknown>>> {
  const res = await request(`${site.controlUrl}/events`);
  return ((await res.body.json()) as { events: Array<Record<string, unknown>> }).events;
}
