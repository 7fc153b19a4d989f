// What the fault matrix needs of a site, without vitest (`npm run faults` runs outside the test runner).
import { request } from 'undici';
import { DEFAULT_AUTH } from '../../../electron/core/api/auth';
import { Transport } from '../../../electron/core/api/transport';
import type { DeskConfig } from '../../../electron/core/config';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../../electron/simulator/index';

/** A simulator on loopback with no scenario (the matrix moves things itself) and 1 s long-polls. */
export function startTestSite(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  return startSimulator({ scenario: false, updatesTimeoutMs: 1_000, ...options });
}

/** What a desk needs to reach a site: the simulator in this process, or one in a child process (the hung-server row). */
export type SiteAddress = Pick<RunningSimulator, 'url' | 'apiKey' | 'authScheme' | 'clientCertPem' | 'clientKeyPem' | 'serverCertPem' | 'controlUrl'>;

export function deskConfigFor(site: SiteAddress): DeskConfig {
  return {
    baseUrl: site.url,
    apiKey: site.apiKey,
    // The desk's own default header, so every test proves the simulator accepts what the desk sends.
    auth: DEFAULT_AUTH,
    tls: { cert: site.clientCertPem, key: site.clientKeyPem, connect: { ca: site.serverCertPem } },
    demo: false,
  };
}

export function transportFor(site: SiteAddress): Transport {
  const config = deskConfigFor(site);
  return new Transport({ baseUrl: config.baseUrl, apiKey: config.apiKey, auth: config.auth, tls: config.tls });
}

/** The server's event log through its control API. */
export async function siteEvents(site: Pick<SiteAddress, 'controlUrl'>): Promise<Array<Record<string, unknown>>> {
  const res = await request(`${site.controlUrl}/events`);
  return ((await res.body.json()) as { events: Array<Record<string, unknown>> }).events;
}
