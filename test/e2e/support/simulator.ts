import { spawn } from 'node:child_process';
import { TSX, firstLine, stopChild } from './child-process';
import { forTheseTests } from './for-these-tests';

/** A simulated access-control server in its own process: what an operator would configure in Settings. */
export interface SiteSimulator {
  url: string;
  controlUrl: string;
  apiKey: string;
  clientCertPem: string;
  clientKeyPem: string;
  /** SHA-1 of the client certificate, as the server's REST client item pins it. */
  clientThumbprint: string;
  serverFingerprint256: string;
  port: number;
  /** The simulator's own process (started with node directly): SIGSTOP makes it a hung server. */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts a simulator (scenario off) on `port`, or an ephemeral one. Starting a second one on the port
 * of a stopped one gives "the same server" with a new certificate: each start generates its own.
 */
export async function startSiteSimulator(port = 0): Promise<SiteSimulator> {
  const child = spawn(process.execPath, [...TSX, 'test/e2e/support/simulator-cli.ts', '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const info = JSON.parse(await firstLine(child, 'simulator')) as Omit<SiteSimulator, 'stop' | 'port' | 'pid'>;
  return { ...info, port: Number(new URL(info.url).port), pid: child.pid!, stop: () => stopChild(child) };
}

/** A second site, in a process of its own, for the tests of this spec file (or describe block). */
export function siteForTheseTests(): SiteSimulator {
  return forTheseTests(() => startSiteSimulator());
}

/** The simulator's event log (overrides and authentication failures), read through its control API. */
export async function simulatorEvents(simulator: Pick<SiteSimulator, 'controlUrl'>): Promise<Array<Record<string, unknown>>> {
  const res = await fetch(`${simulator.controlUrl}/events?since=0`);
  if (!res.ok) throw new Error(`control GET events: ${res.status}`);
  return ((await res.json()) as { events: Array<Record<string, unknown>> }).events;
}
