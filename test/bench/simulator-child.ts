import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Transport, type TransportOptions } from '../../electron/core/api/transport';
import type { RunningSimulator } from '../../electron/simulator/index';

/** What the child prints of its RunningSimulator (one JSON line), plus the process itself. */
export type ChildSimulator = Pick<RunningSimulator, 'url' | 'apiKey' | 'authScheme' | 'clientCertPem' | 'clientKeyPem' | 'serverCertPem'> & {
  /** The child always starts its control API: the bench drives changes through it. */
  controlUrl: string;
  process: ChildProcess;
}

/**
 * Starts the simulator in a child process with a generated site of `doors` doors, or with
 * `site.items` set, of about that many items of every live kind; `site.version` pins its version.
 */
export async function startChildSimulator(doors: number, updatesTimeoutMs: number, site: { items?: boolean; version?: string } = {}): Promise<ChildSimulator> {
  const entry = fileURLToPath(new URL('./sim-process.ts', import.meta.url));
  const extra = site.items || site.version ? [site.items ? 'items' : 'doors', ...(site.version ? [site.version] : [])] : [];
  // BENCH_SIMULATOR_NODE_ARGS: Node's or V8's own flags for the simulator alone (`--cpu-prof --cpu-prof-dir=<dir>` to see what its pages cost).
  const nodeArgs = (process.env.BENCH_SIMULATOR_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry, String(doors), String(updatesTimeoutMs), ...extra], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the simulator did not start within 60 s')), 60_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`the simulator exited (${code}) before starting`)));
  });
  lines.close();
  return { ...(JSON.parse(first) as Omit<ChildSimulator, 'process'>), process: child };
}

export async function stopChildSimulator(sim: ChildSimulator): Promise<void> {
  if (sim.process.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => sim.process.once('exit', () => resolve()));
  sim.process.kill('SIGTERM');
  await exited;
}

export function transportTo(sim: ChildSimulator, options: Partial<TransportOptions> = {}): Transport {
  return new Transport({
    baseUrl: sim.url,
    apiKey: sim.apiKey,
    auth: { kind: 'scheme', scheme: sim.authScheme },
    tls: { cert: sim.clientCertPem, key: sim.clientKeyPem, connect: { ca: sim.serverCertPem } },
    ...options,
  });
}
