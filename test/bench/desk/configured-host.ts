import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { ConnectionState } from '../../../shared/domain';
import { localStoreFileName } from '../../../electron/core/offline/local-store';
import { openDeskSocket, type DeskSocket } from '../../e2e/support/desk-socket';
import { applySiteSettings } from '../../e2e/support/desk-settings';
import { startChildSimulator, stopChildSimulator, type ChildSimulator } from '../simulator-child';
import { untilLive, untilShown } from './board-readiness';
import { startHostProcess, type HostProcess } from './host-process';

/**
 * A desk configured for a simulator in its own process, as an operator configures one: the browser
 * host's own Settings calls over the desk socket, in the Settings screen's order. The simulator keeps
 * running across the host's restarts, so each launch is a cold start of the desk alone.
 */
export interface ConfiguredDesk {
  sim: ChildSimulator;
  /** The host's settings folder: config, vault key file, local store (audit log, last-known board). */
  dataDir: string;
  /** Which vault mode Settings was given, and why. */
  vaultMode: string;
  stop(): Promise<void>;
}

/** How long a launch may take to show or to load the board before the bench gives up on it. */
const LAUNCH_LIMIT_MS = 600_000;

/**
 * Starts the simulator (a generated site of about `items` items of every kind, server `version`), a
 * browser host on a fresh settings folder, configures it through Settings, connects it, waits until
 * its board of `expected` items is live, and stops it: the next launch finds its settings and its
 * last-known board. `prepareSite` runs on the simulator before the desk first connects (the alarm
 * bench gives the site its RESTEvents licence there). `checkout`: the folder is set up by that built
 * checkout's own host, so its local store has that checkout's migrations (an older desk refuses a store
 * a newer one has migrated).
 */
export async function configureDesk(
  items: number,
  expected: number,
  version: string | undefined,
  log: (line: string) => void,
  prepareSite?: (sim: ChildSimulator) => Promise<void>,
  checkout?: string,
): Promise<ConfiguredDesk> {
  const sim = await startChildSimulator(items, 60_000, { items: true, ...(version ? { version } : {}) });
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));
  const stop = async () => {
    await stopChildSimulator(sim);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await prepareSite?.(sim);
    const host = await startHostProcess(dataDir, [], checkout);
    try {
      const desk = await openDeskSocket(host.url);
      try {
        const vaultMode = await applySiteSettings(desk, { ...sim, serverFingerprint256: new X509Certificate(sim.serverCertPem).fingerprint256 });
        // Checkouts compared with this one may predate the GGL-API-KEY scheme word (their default is the
        // spec's stand-in, which the simulator refuses as a real server does): Basic, which every desk
        // since the first offers and the simulator's 9.x takes, is a form they all send.
        if (process.env.BENCH_DESK_AGAINST) await desk.call('settings.setAuthForm', { authForm: 'basic' });
        const connection = await desk.call<ConnectionState>('site.connect', { site: 'configured' });
        if (connection.demo) throw new Error(`site.connect left the desk on the demo site (${connection.phase}: ${connection.reason ?? 'no reason given'})`);
        const started = Date.now();
        const live = await untilLive(desk, expected, LAUNCH_LIMIT_MS);
        log(`  configured (${vaultMode}); first board live in ${live.at - started} ms${live.withoutStatus ? ` (${live.withoutStatus} items without a status)` : ''}`);
        return { sim, dataDir, vaultMode, stop };
      } finally {
        desk.close();
      }
    } finally {
      await host.stop();
    }
  } catch (err) {
    await stop();
    throw err;
  }
}

/** One launch of the configured desk, with the page open on it and when its board was first shown and first live. */
export interface Launch {
  host: HostProcess;
  page: Page;
  desk: DeskSocket;
  /** Spawn → a door's name on the page. */
  shownMs: number;
  /** Spawn → every item on the board with a status, none stale, connected. */
  liveMs: number;
  /** Items still without a status when the board was taken as live (see untilLive): 0 normally. */
  withoutStatus: number;
  close(): Promise<void>;
}

/**
 * Spawns the host on the configured desk's folder and opens its page with `openPage` (Chromium already running,
 * so Chromium's own start is not counted), timing both readiness marks from the spawn. `checkout` runs
 * another checkout's built host on the same folder (the desk bench's comparison, BENCH_DESK_AGAINST).
 */
export async function launch(configured: ConfiguredDesk, openPage: () => Promise<Page>, expected: number, doorName: RegExp, checkout?: string): Promise<Launch> {
  const page = await openPage();
  const host = await startHostProcess(configured.dataDir, [], checkout);
  let desk: DeskSocket | undefined;
  try {
    desk = await openDeskSocket(host.url);
    await page.goto(host.url, { waitUntil: 'domcontentloaded', timeout: LAUNCH_LIMIT_MS });
    const socket = desk;
    const [shownAt, live] = await Promise.all([untilShown(page, doorName, LAUNCH_LIMIT_MS), untilLive(socket, expected, LAUNCH_LIMIT_MS)]);
    return {
      host,
      page,
      desk: socket,
      shownMs: shownAt - host.spawnedAt,
      liveMs: live.at - host.spawnedAt,
      withoutStatus: live.withoutStatus,
      close: async () => {
        socket.close();
        // A page the bench let go of (measuring-browser.ts) is closed with its Chromium.
        if (!page.isClosed()) await page.close();
        await host.stop();
      },
    };
  } catch (err) {
    desk?.close();
    await page.close();
    await host.stop();
    throw err;
  }
}

/** Removes the local store (audit log and last-known board) so the next launch has only the server to show. */
export function forgetLastKnown(dataDir: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(join(dataDir, `${localStoreFileName}${suffix}`), { force: true });
}
