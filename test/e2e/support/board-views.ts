import { expect, type Locator, type Page } from '@playwright/test';
import type { RunningHost } from './host';

// What the board views' specs share: the board opened and live, a count's cell and value, the list's rows, tiles on screen.

export async function openBoard(page: Page, host: RunningHost, timeout = 5_000) {
  await page.goto(host.url);
  await expect(page.getByTestId('connection')).toHaveAttribute('data-phase', 'connected', { timeout });
}

/** A count's cell: a button when it counts anything, else a dash. */
export const countOf = (page: Page, group: string, bucket: string): Locator =>
  page.locator(`[data-count-group="${group}"] [data-testid="count"][data-bucket="${bucket}"]`);

/** How many items a count stands for (0 when the cell is a dash). */
export async function countValue(page: Page, group: string, bucket: string): Promise<number> {
  const cell = countOf(page, group, bucket);
  return (await cell.count()) === 0 ? 0 : Number(await cell.getAttribute('data-count'));
}

export const listHrefs = async (page: Page) => (await page.getByTestId('list-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-href')!))).sort();

/** Tiles wholly inside the window. */
export async function tilesInViewport(page: Page): Promise<number> {
  return page.getByTestId('tile').evaluateAll((tiles) =>
    tiles.filter((t) => {
      const r = t.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0;
    }).length,
  );
}

/**
 * Whether a view's column names are all on screen and drawn on top: at each name's middle the page
 * shows that name (not a row scrolled under it, nor the desk's top over it).
 */
export function columnNamesShown(view: Locator): Promise<boolean> {
  return shownOnTop(view.locator('thead th'));
}

/** Whether every one of `cells` is on screen and drawn on top at its middle (nothing scrolled over it). */
export function shownOnTop(cells: Locator): Promise<boolean> {
  return cells.evaluateAll(
    (all) =>
      all.length > 0 &&
      all.every((cell) => {
        const box = cell.getBoundingClientRect();
        if (box.height === 0 || box.top < 0 || box.bottom > window.innerHeight) return false;
        const shown = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return shown !== null && cell.contains(shown);
      }),
  );
}

/**
 * Presses ArrowUp `times` times, each once focus has moved on from the last press (the rows above come
 * into the page as it scrolls), and answers whether after every press the focused control was drawn on
 * top at its middle: never under the column names or the desk's top.
 */
export async function arrowUpStaysInSight(page: Page, times: number): Promise<boolean> {
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.getAttribute('data-href'));
  const uncovered = () =>
    page.evaluate(() => {
      const control = document.activeElement;
      if (!(control instanceof HTMLElement) || control === document.body) return false;
      const box = control.getBoundingClientRect();
      const shown = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return shown !== null && control.contains(shown);
    });
  for (let i = 0; i < times; i++) {
    const was = await focused();
    await page.keyboard.press('ArrowUp');
    await expect.poll(focused).not.toBe(was);
    if (!(await uncovered())) return false;
  }
  return true;
}
