import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface RunningHost {
  /** The desk's address, with its per-launch token. */
  url: string;
  origin: string;
  siteUrl: string;
  controlUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts the browser host exactly as `npm start` does (same CLI, same built renderer), on ephemeral
 * ports, with the demo site's scenario off so the test alone moves the doors.
 */
export async function startHost(extraArgs: string[] = []): Promise<RunningHost> {
  const child = spawn('npx', ['tsx', 'electron/web/cli.ts', '--json', '--scenario', 'off', ...extraArgs], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await firstLine(child);
  const info = JSON.parse(line) as Omit<RunningHost, 'stop'>;
  return {
    ...info,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`browser host exited (${code}) before printing its address`)));
  });
}

/** The simulator's control API (plain HTTP on loopback). */
export async function setDoor(host: RunningHost, id: string, state: Record<string, boolean>): Promise<void> {
  const res = await fetch(`${host.controlUrl}/items/doors/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(state),
  });
  if (res.status !== 204) throw new Error(`control PATCH door ${id}: ${res.status}`);
}

export async function siteEvents(host: RunningHost): Promise<Array<Record<string, unknown>>> {
  const res = await fetch(`${host.controlUrl}/events?since=0`);
  return ((await res.json()) as { events: Array<Record<string, unknown>> }).events;
}
