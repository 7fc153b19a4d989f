import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startSimulator, type SimulatorOptions } from './index';
import { generateSite } from './site/generate';

const USAGE = `Usage: npm run simulator -- [--version 9.40] [--site FILE | --doors N | --items N] [--fanout N]
                             [--port N] [--control-port N] [--scenario RATE] [--updates-timeout MS]`;

/**
 * Runs the simulator on its own and prints what a client needs: the URL, the API key, where the
 * client certificate and key were written (key file mode 0600) and the thumbprint to pin.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      version: { type: 'string' },
      site: { type: 'string' },
      doors: { type: 'string' },
      items: { type: 'string' },
      fanout: { type: 'string' },
      port: { type: 'string' },
      'control-port': { type: 'string' },
      scenario: { type: 'string' },
      'updates-timeout': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if ([values.site, values.doors, values.items].filter(Boolean).length > 1) throw new Error('Give one of --site, --doors and --items');
  const options: SimulatorOptions = {
    version: values.version,
    port: integer(values.port, '--port'),
    controlPort: integer(values['control-port'], '--control-port'),
    updatesTimeoutMs: integer(values['updates-timeout'], '--updates-timeout'),
    site: values.items
      ? generateSite({ items: integer(values.items, '--items')!, fanout: integer(values.fanout, '--fanout') })
      : values.doors
        ? generateSite({ doors: integer(values.doors, '--doors')!, fanout: integer(values.fanout, '--fanout') })
        : values.site,
    scenario: values.scenario ? { ratePerSecond: Number(values.scenario) } : false,
  };
  const sim = await startSimulator(options);
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-simulator-'));
  const certPath = join(dir, 'client-cert.pem');
  const keyPath = join(dir, 'client-key.pem');
  const caPath = join(dir, 'server-cert.pem');
  writeFileSync(certPath, sim.clientCertPem);
  writeFileSync(keyPath, sim.clientKeyPem, { mode: 0o600 });
  writeFileSync(caPath, sim.serverCertPem);
  console.log(
    [
      `Gatehouse simulator (server version ${options.version ?? '9.40'})`,
      `  URL:                 ${sim.url}   (GET ${sim.url}/api)`,
      `  API key:             ${sim.apiKey}   (Authorization: ${sim.authScheme} <key>)`,
      `  Client certificate:  ${certPath}`,
      `  Client key:          ${keyPath}`,
      `  Client thumbprint:   ${sim.clientThumbprint}`,
      `  Server certificate:  ${caPath}`,
      `  Server SHA-256:      ${sim.serverFingerprint256}`,
      `  Control API:         ${sim.controlUrl}`,
    ].join('\n'),
  );
  // The key file is only for this run: it goes when the simulator stops.
  const stop = () => {
    rmSync(dir, { recursive: true, force: true });
    void sim.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function integer(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new Error(`${flag} needs a whole number, not "${value}"`);
  return Number(value);
}

main().catch((err: unknown) => {
  console.error(`simulator: ${(err as Error).message}\n${USAGE}`);
  process.exit(1);
});
