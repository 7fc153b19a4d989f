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
