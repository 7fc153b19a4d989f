import { DEFAULT_AUTH } from '../../core/api/auth';
import type { OpenedSite } from '../../core/site-source';
import { pinnedTlsOptions } from '../../core/vault/pinning/pinned-tls-options';
import { pinForCertificate } from '../../core/vault/pinning/server-certificate-pin';
import type { RunningSimulator, SimulatorOptions } from '../../simulator/index';
import { NIGHT_ALARMS_PER_HOUR } from '../../../shared/contract/demo';

export interface DemoSite extends OpenedSite {
  simulator: RunningSimulator;
}

/**
 * The embedded demo site: the project's simulator in-process on a loopback port, with its generated
 * certificates and key, so a fresh install shows a live site with no configuration at all. Its server
 * certificate is pinned automatically, exactly as a configured site's is after the operator confirms it.
 */
export async function startDemoSite(options: SimulatorOptions = {}): Promise<DemoSite> {
  // Loaded with the demo site, not with the desk: a desk on a configured site never needs the
  // simulator, and loading its modules (certificate generation above all) cost every start.
  const { startSimulator } = await import('../../simulator/index');
  // A site at night: people come and go every second, alarms a few an hour (Settings → Demo site quiets them).
  const simulator = await startSimulator({ scenario: { ratePerSecond: 1, alarmsPerHour: NIGHT_ALARMS_PER_HOUR }, control: false, ...options });
  return {
    simulator,
    config: {
      baseUrl: simulator.url,
      apiKey: simulator.apiKey,
      // The header a configured desk sends by default: the demo site accepts it as a real server does.
      auth: DEFAULT_AUTH,
      tls: {
        cert: simulator.clientCertPem,
        key: simulator.clientKeyPem,
        connect: { ...pinnedTlsOptions(pinForCertificate(simulator.serverCertPem)) },
      },
      demo: true,
    },
    close: () => simulator.stop(),
  };
}
