import { DEFAULT_AUTH } from './api/auth';
import type { DeskConfig } from './config';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../simulator/index';

export interface DemoSite {
  config: DeskConfig;
  simulator: RunningSimulator;
}

/**
 * The embedded demo site: the project's simulator in-process on a loopback port, with its generated
 * certificates and key, so a fresh install shows a live site with no configuration at all.
 * The server certificate is pinned exactly (it is the only CA trusted), as a configured site's would be.
 */
export async function startDemoSite(options: SimulatorOptions = {}): Promise<DemoSite> {
  const simulator = await startSimulator({ scenario: { ratePerSecond: 1 }, ...options });
  const config: DeskConfig = {
    baseUrl: simulator.url,
    apiKey: simulator.apiKey,
    auth: { ...DEFAULT_AUTH, ...(simulator.authScheme ? { scheme: simulator.authScheme } : {}) },
    tls: { cert: simulator.clientCertPem, key: simulator.clientKeyPem, connect: { ca: simulator.serverCertPem } },
    demo: true,
  };
  return { config, simulator };
}
