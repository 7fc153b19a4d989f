import type { Page } from '@playwright/test';
import type { BoardPage } from '../../../shared/contract/board';
import type { DeskSocket } from '../../e2e/support/desk-socket';

/**
 * When a desk that has just started has its board: on screen (the page shows door names), and live
 * (board.get says every item has a status and none is stale). Both are asked from outside, as an
 * operator and the renderer see the desk, never from the host's internals.
 */

/** How long to rest between two readings of the board, so the bench's own calls do not crowd a busy host. */
const POLL_GAP_MS = 100;

/** What one reading of the whole board found. */
export interface BoardReading {
  items: number;
  withStatus: number;
  stale: number;
  phase: string;
}

/**
 * Reads every page of the current generation once. Undefined when the board changed between pages or
 * a page was refused (its part is gone): the caller reads again later, never at once in a loop.
 */
export async function readBoardOnce(desk: DeskSocket): Promise<BoardReading | undefined> {
  const first = await desk.call<BoardPage>('board.get', {});
  const reading = { items: 0, withStatus: 0, stale: 0, phase: first.connection.phase };
  const add = (page: BoardPage) => {
    const hrefs = new Set(page.items.map((i) => i.href));
    reading.items += page.items.length;
    reading.withStatus += page.statuses.filter((s) => hrefs.has(s.href)).length;
    reading.stale += page.liveness.filter((l) => l.state === 'stale' && hrefs.has(l.href)).length;
  };
  add(first);
  for (let part = 1; part < first.parts; part++) {
    const page = await desk.call<BoardPage>('board.get', { part }).catch(() => undefined);
    if (!page || page.generation !== first.generation) return undefined;
    add(page);
  }
  return reading;
}

/** Every one of `expected` items is on the board, none stale, and the desk is connected: live, statuses aside. */
function isQuiet(reading: BoardReading, expected: number): boolean {
  return reading.phase === 'connected' && reading.items >= expected && reading.stale === 0;
}

/**
 * How long a connected board with nothing stale may still lack some statuses before the bench takes it
 * as live as it will get: at server 8.20 the site's macros get no status once the desk restarts
 * (reported as `withoutStatus`, not waited for until the bench gives up).
 */
const STATUS_GRACE_MS = 30_000;

/** When the board was live, and how many of its items then still had no status of their own (0 when all had). */
export interface LiveAt {
  at: number;
  withoutStatus: number;
}

/**
 * Waits until the board is live: connected, every expected item on it with a status of its own, none
 * stale. Only part 0 is asked while its connection says the desk is not connected or still has stale
 * items, so waiting costs the host one small call per reading until the whole board is worth reading.
 * The time answered is that of the part-0 answer the whole reading then confirmed: reading all pages
 * of a 10,000-item board takes the host 0.2–3 s just after start-up (each page is cut from a whole
 * snapshot), which is the bench's cost, not the desk's.
 */
export async function untilLive(desk: DeskSocket, expected: number, limitMs: number): Promise<LiveAt> {
  const giveUpAt = Date.now() + limitMs;
  let last: BoardReading | undefined;
  let quiet: LiveAt | undefined;
  for (;;) {
    const head = await desk.call<BoardPage>('board.get', {}).catch(() => undefined);
    const headAt = Date.now();
    if (head && head.connection.phase === 'connected' && head.connection.staleItems === 0) {
      const reading = await readBoardOnce(desk).catch(() => undefined);
      last = reading ?? last;
      if (reading && isQuiet(reading, expected)) {
        if (reading.withStatus >= reading.items) return { at: headAt, withoutStatus: 0 };
        quiet ??= { at: headAt, withoutStatus: reading.items - reading.withStatus };
        if (Date.now() - quiet.at >= STATUS_GRACE_MS) return { ...quiet, withoutStatus: reading.items - reading.withStatus };
      } else quiet = undefined;
    }
    if (Date.now() > giveUpAt) {
      const seen = last ? `${last.items} items, ${last.withStatus} with a status, ${last.stale} stale, ${last.phase}` : `phase ${head?.connection.phase ?? 'unknown'}`;
      throw new Error(`the board was not live within ${limitMs / 1000} s (expected ${expected} items; last reading: ${seen})`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_GAP_MS));
  }
}

/** Waits until the page shows a name matching `pattern` and answers when (Date.now in this process). */
export async function untilShown(page: Page, pattern: RegExp, limitMs: number): Promise<number> {
  await page.waitForFunction((source) => new RegExp(source).test(document.body.innerText), pattern.source, { timeout: limitMs, polling: 'raf' });
  return Date.now();
}
