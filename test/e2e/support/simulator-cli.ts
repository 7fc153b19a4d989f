import { parseArgs } from 'node:util';
import { startSimulator } from '../../../electron/simulator';

// A second access-control server for the settings tests, in its own process like a real server:
// started with tsx by support/simulator.ts, it prints one JSON line describing itself and runs until
// SIGTERM. The client key is printed because the test plays the operator who was handed it.
const { values } = parseArgs({ options: { port: { type: 'string', default: '0' } } });

const simulator = await startSimulator({ port: Number(values.port), scenario: false });
console.log(
  JSON.stringify({
    url: simulator.url,
    controlUrl: simulator.controlUrl,
    apiKey: simulator.apiKey,
    clientCertPem: simulator.clientCertPem,
    clientKeyPem: simulator.clientKeyPem,
    clientThumbprint: simulator.clientThumbprint,
    serverFingerprint256: simulator.serverFingerprint256,
  }),
);

async function shutdown() {
  await simulator.stop();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
