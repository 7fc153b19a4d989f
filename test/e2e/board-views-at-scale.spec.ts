import { expect, test, type Page } from '@playwright/test';
import { keepScreenshot } from './panels-support';
import { startHost, type RunningHost } from './support/host';
import { arrowUpStaysInSight, columnNamesShown, countValue, openBoard, shownOnTop, tilesInViewport } from './support/board-views';

// The board's views at 10,000 items: every item counted once, only what is on screen in the page (the
// list's rows, the overview's rows), and a guard reaches every row by scrolling or from a count and back.

const groupRows = (page: Page) => page.locator('[data-testid="overview-row"]:not(.site)');

/** Whether the whole site's counts stayed the same for a second: the desk has heard from every item it will. */
async function steady(page: Page): Promise<boolean> {
  const counts = () => page.locator('[data-count-group="*"]').evaluate((row) => row.textContent);
  const before = await counts();
  await page.waitForTimeout(1_000);
  return (await counts()) === before;
}

test.describe('--demo-items 10000, counted by floor', () => {
  let host: RunningHost;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    host = await startHost(['--demo-items', '10000']);
  });
  test.afterAll(async () => host?.stop());

  test('only the floors on screen are in the page; scrolled to the end, the last floor is there; Esc from its count comes back to it', async ({ page }, testInfo) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(host.url);
    await expect(page.getByTestId('connection')).toHaveAttribute('data-phase', 'connected', { timeout: 180_000 });
    await page.keyboard.press('1');
    await page.getByTestId('count-by-floor').click();
    // Hundreds of floors (the summary names how many), a screen's worth of rows in the page.
    const floors = async () => Number((await page.locator('.summary').first().textContent())!.match(/([\d,]+) floors/)![1]!.replace(/,/g, ''));
    await expect.poll(floors, { timeout: 60_000 }).toBeGreaterThan(300);
    // Every status in (until then rows move up and down as their items are heard from: worst first).
    await expect(page.locator('[data-count-group="*"] [data-bucket="notLive"]')).toHaveCount(0, { timeout: 180_000 });
    await expect.poll(() => steady(page), { timeout: 180_000 }).toBe(true);
    const rendered = await groupRows(page).count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(40);

    // Every row is as tall as the windowing counts on, so the rows scrolled to are where they are drawn.
    const heights = await groupRows(page).evaluateAll((rows) => rows.slice(0, 5).map((r) => r.getBoundingClientRect().height));
    expect(new Set(heights.map(Math.round))).toEqual(new Set([46]));
    await keepScreenshot(page, testInfo, 'overview-floors-top-10000');

    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const last = groupRows(page).last();
    await expect(last).toBeInViewport();
    expect(await groupRows(page).count()).toBeLessThan(40);
    // The last floor drawn is the table's last row: nothing after it but the page's end.
    expect(await last.evaluate((row) => row.nextElementSibling === null)).toBe(true);
    // The column names stay above the last floors' counts, so each count still says what it counts.
    expect(await columnNamesShown(page.getByTestId('overview'))).toBe(true);
    // So does the whole site's row, the one every floor is read against.
    expect(await shownOnTop(page.locator('[data-count-group="*"] > *'))).toBe(true);
    await keepScreenshot(page, testInfo, 'overview-floors-end-10000');

    // A count far down: its items, then Esc back to that very count.
    const key = (await last.getAttribute('data-count-group'))!;
    const count = last.getByTestId('count').first();
    const bucket = (await count.getAttribute('data-bucket'))!;
    await count.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('drill-banner')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('overview')).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-count-group]')?.getAttribute('data-count-group'))).toBe(key);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-bucket'))).toBe(bucket);
    // Arrowed up a screen and more, each count focused stops below the column names, never under them.
    expect(await arrowUpStaysInSight(page, 20)).toBe(true);
  });
});

// A large site: the overview takes in 10,000 items, and the list keeps only its rows on screen in the page.
test.describe('--demo-items 10000', () => {
  let host: RunningHost;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    // The demo's own changes on, as a desk would see it.
    host = await startHost(['--demo-items', '10000', '--scenario', '2']);
  });
  test.afterAll(async () => host?.stop());

  test('the overview counts every item once, the list renders only what is on screen, compact tiles fill the screen', async ({ page }, testInfo) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openBoard(page, host, 180_000);
    await page.keyboard.press('1');
    await page.getByTestId('count-by-building').click();
    const total = page.locator('[data-count-group="*"] .total');
    // Every item the board holds (the site's 10,000 less its elevator groups and day categories).
    await expect.poll(async () => Number((await total.textContent())!.replace(/,/g, '')), { timeout: 180_000 }).toBeGreaterThan(9_000);
    // Once the desk is live, most items are counted by their own state (before that, all are not live).
    await expect.poll(() => countValue(page, '*', 'normal'), { timeout: 180_000 }).toBeGreaterThan(1_000);
    // The whole site's counts add up to its items (both read at one moment: the demo's changes go on).
    const { items, sum } = await page.locator('[data-count-group="*"]').evaluate((row) => ({
      items: Number(row.querySelector('.total')!.textContent!.replace(/,/g, '')),
      sum: [...row.querySelectorAll('[data-testid="count"]')].reduce((n, c) => n + Number(c.getAttribute('data-count')), 0),
    }));
    expect(sum).toBe(items);
    await keepScreenshot(page, testInfo, 'overview-10000');

    await page.keyboard.press('2');
    await expect(page.getByTestId('tile').first()).toBeVisible();
    const large = await tilesInViewport(page);
    await page.keyboard.press('3');
    await expect(page.locator('[data-testid="tile"].compact').first()).toBeVisible();
    expect(await tilesInViewport(page)).toBeGreaterThanOrEqual(2 * large);
    await keepScreenshot(page, testInfo, 'compact-10000');

    await page.keyboard.press('4');
    await expect(page.getByTestId('item-list')).toContainText(`${items.toLocaleString('en')} items`);
    const rendered = await page.getByTestId('list-row').count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(60);
    await keepScreenshot(page, testInfo, 'list-10000');
    // Scrolled to the end, the last rows are there, and still only a screen's worth.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.getByTestId('list-row').last().getAttribute('data-href')).not.toBeNull();
    const lastRendered = await page.getByTestId('list-row').count();
    expect(lastRendered).toBeLessThan(60);
    const lastRow = page.getByTestId('list-row').last();
    const box = await lastRow.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(800 + 1);
    // The column names (the way to sort) stay above the last rows.
    expect(await columnNamesShown(page.getByTestId('item-list'))).toBe(true);
    await keepScreenshot(page, testInfo, 'list-end-10000');
    // Arrowed up a screen and more from the last row, each name focused stops below the column names.
    await lastRow.getByTestId('list-open').focus();
    expect(await arrowUpStaysInSight(page, 20)).toBe(true);
  });
});
