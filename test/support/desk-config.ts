import { DEFAULT_AUTH } from '../../electron/core/api/auth';
import type { DeskConfig } from '../../electron/core/config';
import type { RunningSimulator } from '../../electron/simulator/index';

/** What a desk needs to reach a site: the simulator in this process, or one in a child process. */
export type SiteAddress = Pick<RunningSimulator, 'url' | 'apiKey' | 'authScheme' | 'clientCertPem' | 'clientKeyPem' | 'serverCertPem' | 'controlUrl'>;

/**
 * The desk's configuration for a test site (integration tests and the fault matrix alike), `overrides`
 * on top. Without vitest, so `npm run faults` can use it outside the test runner.
 */
export function deskConfigFor(site: SiteAddress, overrides: Partial<DeskConfig> = {}): DeskConfig {
  return {
    baseUrl: site.url,
    apiKey: site.apiKey,
    // The desk's own default header, so every test proves the simulator accepts what the desk sends.
    auth: DEFAULT_AUTH,
    tls: { cert: site.clientCertPem, key: site.clientKeyPem, connect: { ca: site.serverCertPem } },
    demo: false,
    ...overrides,
  };
}
