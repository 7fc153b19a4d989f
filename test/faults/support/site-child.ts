// The simulator in a process of its own, for the row that stops it with SIGSTOP (a hung server: its
// connections accepted by the kernel, nothing answered): `tsx site-child.ts`. Prints one JSON line
// with its process id and what a desk needs to reach it; stops on SIGTERM.
import { startTestSite } from './site';

const site = await startTestSite();
const { url, apiKey, authScheme, clientCertPem, clientKeyPem, serverCertPem, controlUrl } = site;
process.stdout.write(`${JSON.stringify({ pid: process.pid, url, apiKey, authScheme, clientCertPem, clientKeyPem, serverCertPem, controlUrl })}\n`);
process.once('SIGTERM', () => void site.stop().then(() => process.exit(0)));
