import { startSimulator } from '../../electron/simulator/index';
import { generateSite } from '../../electron/simulator/site/generate';

/**
 * The simulator in its own process, so the bench's CPU and memory figures are the client's alone.
 * Prints one JSON line with what a client needs, then runs until SIGTERM.
 * Args: doors, updatesTimeoutMs, then optionally `items` (a site of every live kind of about that
 * many items instead of doors only) and a server version.
 */
const size = Number(process.argv[2] ?? '100');
const updatesTimeoutMs = Number(process.argv[3] ?? '60000');
const site = process.argv[4] === 'items' ? generateSite({ items: size }) : generateSite({ doors: size });
const version = process.argv[5];
const sim = await startSimulator({ site, scenario: false, updatesTimeoutMs, ...(version ? { version } : {}) });
process.stdout.write(
  `${JSON.stringify({
    url: sim.url,
    controlUrl: sim.controlUrl,
    apiKey: sim.apiKey,
    authScheme: sim.authScheme,
    clientCertPem: sim.clientCertPem,
    clientKeyPem: sim.clientKeyPem,
    serverCertPem: sim.serverCertPem,
  })}\n`,
);
process.once('SIGTERM', () => {
  void sim.stop().then(() => process.exit(0));
});
