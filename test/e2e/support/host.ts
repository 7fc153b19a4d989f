import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface RunningHost {
  /** The desk's address, with its per-launch token. */
  url: string;
  origin: string;
  /** This host's own settings folder (never the user's). */
  settingsDir: string;
  siteUrl: string;
  controlUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts the browser host exactly as `npm start` does (same CLI, same built renderer), on ephemeral
 * ports, with the demo site's scenario off so the test alone moves the doors.
 */
export async function startHost(extraArgs: string[] = []): Promise<RunningHost> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-'));
  // One Node process (tsx as a loader, not npx → tsx → node), in its own process group, so stop()
  // leaves nothing running behind it.
  const args = ['--import', 'tsx', 'electron/web/cli.ts', '--json', '--scenario', 'off', '--data-dir', dataDir, ...extraArgs];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  const line = await firstLine(child);
  const info = JSON.parse(line) as Omit<RunningHost, 'stop'>;
  return {
    ...info,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        process.kill(-child.pid!, 'SIGTERM');
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
