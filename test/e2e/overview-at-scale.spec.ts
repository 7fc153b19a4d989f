import { expect, test, type Page } from '@playwright/test';
import { keepScreenshot } from './panels-support';
import { startHost, type RunningHost } from './support/host';

// Issue 43: the overview of a large site keeps only the rows on screen in the page, as the list does,
// and a guard reaches every row by scrolling or from a count's items and back.

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

    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const last = groupRows(page).last();
    await expect(last).toBeInViewport();
    expect(await groupRows(page).count()).toBeLessThan(40);
    // The last floor drawn is the table's last row: nothing after it but the page's end.
    expect(await last.evaluate((row) => row.nextElementSibling === null)).toBe(true);
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
  });
});
