import type { Page } from '@playwright/test';
import { pageUntilSource } from '../desk/page-until';

/**
 * The desk's alarm queue as the bench reads it in Chromium: opened as an operator opens it, and
 * watched in the page by a MutationObserver, which sees a row arrive before the frame is painted
 * (as the board bench's tile watch does). Rows are found by the alarm's message, which the bench
 * makes unique per alarm; the number of alarms by the count the queue shows.
 */

/** Where the queue screen puts things (renderer/src/alarms/): its rows draw the message, the count says "N to process". */
const QUEUE = '[data-testid="alarm-screen"]';
const ROW = '[data-testid="alarm-row"]';
const COUNT = '[data-testid="alarm-counts"]';
const DETAIL = '[data-testid="alarm-detail"]';
/** The detail read from the server: its history (or the line saying there is none yet). */
const DETAIL_READ = '[data-testid="alarm-history"], [data-testid="alarm-history-empty"]';

/** Opens the queue from the header (the button shows once the desk has a site), as an operator does, and installs the watch. */
export async function openQueue(page: Page, timeoutMs: number): Promise<void> {
  await page.getByTestId('open-alarms').click({ timeout: timeoutMs });
  await page.locator(QUEUE).waitFor({ timeout: timeoutMs });
  await installQueueWatch(page);
}

/** The number of alarms the queue says it holds (undefined while it says none). */
export async function shownCount(page: Page): Promise<number | undefined> {
  const text = await page.locator(COUNT).first().textContent({ timeout: 1_000 }).catch(() => null);
  return leadingNumber(text ?? '');
}

/** "1,234 to process, 5 unacknowledged" → 1234. */
function leadingNumber(text: string): number | undefined {
  const digits = /^\s*([\d,]+)/.exec(text)?.[1]?.replace(/,/g, '');
  return digits ? Number(digits) : undefined;
}

/**
 * Opens the detail of the second row (the first may be a probe on its way out) and answers how long it
 * took from the click until the detail read from the server (its history) is on screen, in ms, or null
 * when it was not there within `timeoutMs` (the queue was not usable); then closes it again.
 */
export async function timeDetailOpen(page: Page, timeoutMs: number): Promise<number | null> {
  const id = await page.locator(`${QUEUE} ${ROW}`).nth(1).getAttribute('data-id', { timeout: timeoutMs });
  if (id === null) throw new Error('a row of the alarm queue has no data-id');
  // By its id: rows move while the flood arrives, and the second row may be another alarm by the click.
  const row = page.locator(`${QUEUE} ${ROW}[data-id=${JSON.stringify(id)}]`);
  const startedAt = Date.now();
  // Dispatched, not clicked: during a flood the rows move as alarms of higher priority arrive above, and a
  // pointer click waits for the row to stand still. What is timed is the desk answering the click.
  await row.getByTestId('alarm-open').dispatchEvent('click', undefined, { timeout: timeoutMs });
  const read = page.locator(`${DETAIL}[data-id=${JSON.stringify(id)}]`).locator(DETAIL_READ).first();
  const shownMs = await read.waitFor({ timeout: timeoutMs }).then(
    () => Date.now() - startedAt,
    () => null,
  );
  const detail = page.locator(DETAIL);
  await detail.getByRole('button', { name: "Close the alarm's detail" }).dispatchEvent('click', undefined, { timeout: timeoutMs });
  await detail.waitFor({ state: 'detached', timeout: timeoutMs });
  return shownMs;
}

async function installQueueWatch(page: Page): Promise<void> {
  // Plain JavaScript in a string: the bench runs under tsx, whose name-keeping helpers do not exist in the page.
  await page.evaluate(`(${WATCH_SCRIPT})(${JSON.stringify({ queue: QUEUE, row: ROW, count: COUNT })})`);
}

const WATCH_SCRIPT = `function (sel) {
  function rowShowing(message) {
    var root = document.querySelector(sel.queue);
    if (!root) return false;
    var rows = root.querySelectorAll(sel.row);
    for (var i = 0; i < rows.length; i++) if ((rows[i].textContent || '').indexOf(message) >= 0) return true;
    return false;
  }
  function count() {
    var el = document.querySelector(sel.count);
    var match = el ? /^\\s*([0-9,]+)/.exec(el.textContent || '') : null;
    return match ? Number(match[1].replace(/,/g, '')) : 0;
  }
${pageUntilSource(false)}
  window.alarmArmed = new Map();
  window.alarmWatch = {
    arm: function (message, timeoutMs) { window.alarmArmed.set(message, until(function () { return rowShowing(message); }, timeoutMs)); },
    count: count,
    untilCount: function (n, timeoutMs) { return until(function () { return count() >= n; }, timeoutMs); }
  };
}`;

/** Starts watching for the alarm's row before the alarm is raised. */
export function armRow(page: Page, message: string, timeoutMs: number): Promise<void> {
  return page.evaluate(`void window.alarmWatch.arm(${JSON.stringify(message)}, ${timeoutMs})`);
}

/** When the armed alarm's row appeared (page Date.now), or null if it did not within the timeout. */
export function rowShownAt(page: Page, message: string): Promise<number | null> {
  return page.evaluate(`window.alarmArmed.get(${JSON.stringify(message)}) ?? null`);
}

/** When the queue's count first read `n` or more (page Date.now), or null after the timeout. */
export function countReached(page: Page, n: number, timeoutMs: number): Promise<number | null> {
  return page.evaluate(`window.alarmWatch.untilCount(${n}, ${timeoutMs})`);
}
