import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TSX, startedHostLines, stopChild } from './child-process';
import { forTheseTests } from './for-these-tests';

export interface RunningHost {
  /** The desk's address, with its per-launch token. */
  url: string;
  origin: string;
  /** This host's own settings folder (never the user's). */
  settingsDir: string;
  /** This host's own log folder (JSON lines). */
  logDir: string;
  siteUrl: string;
  controlUrl: string;
  stop(): Promise<void>;
  /** Ends the host at once with SIGKILL, as a crash or a power cut would: nothing gets to tidy up. */
  kill(): Promise<void>;
}

/**
 * Starts the browser host exactly as `npm start` does (same CLI, same built renderer), on ephemeral
 * ports, with the demo site's scenario off so the test alone moves the doors. `env` adds to the host's
 * environment (e.g. a D-Bus address that leads nowhere, for a desk without a keychain).
 */
export async function startHost(
  extraArgs: string[] = [],
  env: NodeJS.ProcessEnv = {},
  /** Reuse a settings folder (a restart of the same desk); a fresh one by default. */
  dataDir: string = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-')),
): Promise<RunningHost> {
  const args = [...TSX, 'electron/shells/web-host/cli.ts', '--json', '--control', '--scenario', 'off', '--data-dir', dataDir, '--log-dir', join(dataDir, 'logs'), '--log-level', 'debug', ...extraArgs];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const info = await startedHostLines<Omit<RunningHost, 'stop'>>(child);
  const kill = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  return { ...info, stop: () => stopChild(child), kill };
}

/**
 * One desk host for the tests of this spec file (or describe block), started with `extraArgs` before the
 * first of them, then `prepare`d (e.g. a licence taken away), and stopped after the last.
 */
export function hostForTheseTests(extraArgs: string[] = [], prepare?: (host: RunningHost) => Promise<void>): RunningHost {
  return forTheseTests(async () => {
    const host = await startHost(extraArgs);
    await prepare?.(host);
    return host;
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
