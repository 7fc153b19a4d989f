import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Page } from '@playwright/test';
import { localStoreFileName } from '../../../electron/core/offline/local-store';
import { forgetLastKnown, type ConfiguredDesk } from '../desk/configured-host';
import { ROOT, startHostProcess, startMarks } from '../desk/host-process';
import { raiseBacklog, unprocessedAlarms } from './alarm-control';
import { countReached, openQueue, shownCount } from './queue-page';

const LAUNCH_LIMIT_MS = 600_000;
/** How long the start-up queue may take to be whole. */
const SHOWN_LIMIT_MS = 60_000;
const STORE_FILES = ['', '-wal', '-shm'].map((suffix) => `${localStoreFileName}${suffix}`);

/** Part (c) for one checkout's host: the restart with the kept store, then the start without it. */
export interface StartUpFigures {
  /** "this checkout", or another checkout's folder (BENCH_DESK_AGAINST). */
  checkout: string;
  counted: number;
  /** Page load → the queue counts every alarm, restarting with the local store kept when the desk stopped. */
  resumeShownMs: number | null;
  /** The same with the local store removed (the list paged from the server). */
  shownMs: number | null;
  /** The same from the host's spawn. */
  fromSpawnMs: number | null;
}

/**
 * (c) The server's queue filled to `startupAlarms` while the desk is stopped, then the desk started
 * twice and timed until it counts them all: first as it restarts (its local store as the desk left it:
 * the last queue and its bookmark), then with its local store removed (the goal's case). Each of
 * `against`'s built hosts does the same after this checkout's, from a copy of the same kept store, so
 * every restart starts equally far behind.
 */
export async function startWithFullQueue(
  configured: ConfiguredDesk,
  openPage: () => Promise<Page>,
  startupAlarms: number,
  at: (i: number) => string,
  against: readonly string[],
  log: (line: string) => void,
): Promise<{ expected: number; more: number; figures: StartUpFigures[] }> {
  const unprocessed = await unprocessedAlarms(configured.sim.controlUrl);
  const more = Math.max(0, startupAlarms - unprocessed);
  // In ten lots of priorities 2–9 at one door each, as a site's backlog after a long night.
  for (let lot = 0; lot < 10; lot++) await raiseBacklog(configured.sim.controlUrl, Math.floor(more / 10) + (lot < more % 10 ? 1 : 0), at(lot), 2 + (lot % 8));
  const expected = await unprocessedAlarms(configured.sim.controlUrl);
  const kept = mkdtempSync(join(tmpdir(), 'gatehouse-bench-kept-'));
  try {
    copyStore(configured.dataDir, kept);
    const figures: StartUpFigures[] = [];
    for (const checkout of [ROOT, ...against]) {
      const name = checkout === ROOT ? 'this checkout' : relative(process.cwd(), checkout) || checkout;
      copyStore(kept, configured.dataDir);
      const resumed = await timeStart(configured, openPage, expected, checkout);
      log(`  ${name}: restart with ${expected} unprocessed alarms (${more} new since it stopped): ${resumed.counted} counted, all shown ${resumed.shownMs} ms after page load`);
      log(`    host's start: ${startMarks(configured.dataDir)}`);
      forgetLastKnown(configured.dataDir);
      const paged = await timeStart(configured, openPage, expected, checkout);
      log(`  ${name}: start-up with ${expected} unprocessed alarms, local store removed: ${paged.counted} counted, all shown ${paged.shownMs} ms after page load (${paged.fromSpawnMs} ms after the host's spawn)`);
      log(`    host's start: ${startMarks(configured.dataDir)}`);
      figures.push({ checkout: name, counted: paged.counted, resumeShownMs: resumed.shownMs, shownMs: paged.shownMs, fromSpawnMs: paged.fromSpawnMs });
    }
    return { expected, more, figures };
  } finally {
    rmSync(kept, { recursive: true, force: true });
  }
}

/** The local store's files (the database and its journal) from one folder to another, replacing what is there. */
function copyStore(from: string, to: string): void {
  for (const file of STORE_FILES) {
    rmSync(join(to, file), { force: true });
    if (existsSync(join(from, file))) copyFileSync(join(from, file), join(to, file));
  }
}

/** Starts the host, loads the page, opens the queue: page load and the host's spawn → the queue counts `expected`. */
async function timeStart(configured: ConfiguredDesk, openPage: () => Promise<Page>, expected: number, checkout: string): Promise<{ counted: number; shownMs: number | null; fromSpawnMs: number | null }> {
  const page = await openPage();
  const host = await startHostProcess(configured.dataDir, [], checkout);
  try {
    const navigatedAt = Date.now();
    await page.goto(host.url, { waitUntil: 'domcontentloaded', timeout: LAUNCH_LIMIT_MS });
    await openQueue(page, SHOWN_LIMIT_MS);
    const all = await countReached(page, expected, SHOWN_LIMIT_MS);
    return { counted: (await shownCount(page)) ?? 0, shownMs: all === null ? null : all - navigatedAt, fromSpawnMs: all === null ? null : all - host.spawnedAt };
  } finally {
    await page.close();
    await host.stop();
  }
}
