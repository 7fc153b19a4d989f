import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, keepScreenshot } from './panels-support';
import { hostForTheseTests, setDoor, startHost, type RunningHost } from './support/host';
import { expectArrowsMoveInGrid } from './support/navigation';
import { countOf, countValue, listHrefs, openBoard, tilesInViewport } from './support/board-views';

// Issue 34, part 6: the board as an overview of counts, compact tiles or a sortable list; keys 1–4.

test.describe('the demo site', () => {
  const host = hostForTheseTests();

  test('views switch by click and by key, and the choice survives a reload and a restart of the host', async ({ page }, testInfo) => {
    // Two desks start and one page reloads: longer than the default on a busy machine.
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    let second: RunningHost | undefined;
    try {
      const own = await startHost();
      second = own;
      await openBoard(page, own);
      await expect(page.getByTestId('tile').first()).toBeVisible();
      await expect(page.getByTestId('board-view')).toHaveValue('tiles');

      // Chosen in the header (so the board keeps its height: board-chrome.spec.ts measures it).
      await page.getByTestId('board-view').selectOption({ label: 'Overview' });
      await expect(page.getByTestId('overview')).toBeVisible();
      await expect(page.getByTestId('tile')).toHaveCount(0);

      // Keys, with nothing focused in particular.
      await page.locator('body').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('3');
      await expect(page.locator('[data-testid="tile"].compact').first()).toBeVisible();
      // Compact tiles: several times as many on one screen as the ordinary ones.
      const compactOnScreen = await tilesInViewport(page);
      await page.keyboard.press('2');
      await expect(page.locator('[data-testid="tile"].compact')).toHaveCount(0);
      await expect(page.getByTestId('tile').first()).toBeVisible();
      const largeOnScreen = await tilesInViewport(page);
      expect(compactOnScreen).toBeGreaterThanOrEqual(2 * largeOnScreen);
      await page.keyboard.press('4');
      await expect(page.getByTestId('item-list')).toBeVisible();
      await expect(page.getByTestId('list-row').first()).toBeVisible();
      await expect(page.getByTestId('board-view')).toHaveValue('list');
      // A key typed into the search box is a search, not a view.
      await page.keyboard.press('/');
      await page.keyboard.type('1');
      await expect(page.getByTestId('item-list')).toBeVisible();
      await search(page, '');

      await page.reload();
      await expect(page.getByTestId('item-list')).toBeVisible();
      await expect(page.getByTestId('board-view')).toHaveValue('list');
      await page.keyboard.press('1');
      await expect(page.getByTestId('overview')).toBeVisible();
      await page.getByTestId('count-by-floor').click();
      await expect(page.locator('[data-count-group="site"]')).toBeVisible();
      await own.stop();

      second = await startHost([], {}, own.settingsDir);
      await openBoard(page, second);
      await expect(page.getByTestId('overview')).toBeVisible();
      await expect(page.getByTestId('count-by-floor')).toHaveAttribute('aria-pressed', 'true');
      await keepScreenshot(page, testInfo, 'overview-demo-by-floor');
    } finally {
      await second?.stop();
    }
  });

  test('each count leads to exactly the items behind it, in the list and in the tiles', async ({ page }) => {
    // Tall enough that the list and the tiles render every row.
    await page.setViewportSize({ width: 1600, height: 9000 });
    await openBoard(page, host);
    await page.keyboard.press('1');
    await page.getByTestId('count-by-floor').click();
    const floor = page.locator('[data-count-group]').filter({ has: page.getByRole('rowheader', { name: 'Level 2 · North Lifts' }) });
    const key = (await floor.getAttribute('data-count-group'))!;
    const normal = await countValue(page, key, 'normal');
    expect(normal).toBeGreaterThan(0);

    // What the tiles say about that floor, read by the tiles' own rules.
    await page.keyboard.press('2');
    const tiles = page.locator(`[data-group="${key}"] [data-testid="tile"]`);
    await expect(tiles.first()).toBeVisible();
    const expected = (await tiles.evaluateAll((all) => all.filter((t) => t.getAttribute('data-verdict') === 'normal' && t.getAttribute('data-stale') === 'false').map((t) => t.getAttribute('data-href')!))).sort();
    expect(expected).toHaveLength(normal);

    // A count opens in the items view the guard came to the overview from: the list here.
    await page.keyboard.press('4');
    await page.keyboard.press('1');
    await countOf(page, key, 'normal').click();
    await expect(page.getByTestId('drill-banner')).toContainText(`Level 2 · North Lifts: ${normal} item`);
    await expect(page.getByTestId('list-row')).toHaveCount(normal);
    expect(await listHrefs(page)).toEqual(expected);
    await expect(page.getByTestId('list-row').first()).toHaveAttribute('data-bucket', 'normal');

    // The same items as tiles.
    await page.keyboard.press('2');
    await expect(page.getByTestId('drill-banner')).toBeVisible();
    await expect(page.getByTestId('tile')).toHaveCount(normal);
    expect((await page.getByTestId('tile').evaluateAll((all) => all.map((t) => t.getAttribute('data-href')!))).sort()).toEqual(expected);

    // Esc: back to the overview, on the count the guard came from.
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('overview')).toBeVisible();
    await expect(countOf(page, key, 'normal')).toBeFocused();
  });

  test('a door forced at the site changes the overview counts and its row in the list, live', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openBoard(page, host);
    await page.keyboard.press('4');
    await page.getByTestId('sort-name').click();
    const door = page.locator('[data-testid="list-row"][data-bucket="normal"]').filter({ has: page.locator('td', { hasText: /^door$/ }) }).first();
    await expect(door).toBeVisible();
    const href = (await door.getAttribute('data-href'))!;
    const name = (await door.getByTestId('list-open').textContent())!.trim();
    const id = decodeURIComponent(new URL(href).pathname.split('/').filter(Boolean).pop()!);

    await page.keyboard.press('1');
    await page.getByTestId('count-by-building').click();
    const siteAlarms = await countValue(page, '*', 'alarm');
    const siteNormal = await countValue(page, '*', 'normal');
    const building = (await page.locator('[data-count-group]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-count-group')!))).filter((k) => k !== '*');
    const before = new Map<string, number>();
    for (const key of building) before.set(key, await countValue(page, key, 'alarm'));

    try {
      await setDoor(host, id, { open: true, forced: true });
      await expect.poll(() => countValue(page, '*', 'alarm')).toBe(siteAlarms + 1);
      expect(await countValue(page, '*', 'normal')).toBe(siteNormal - 1);
      // Exactly one building counts one more alarm: the door's own, now first (worst first).
      const after = new Map<string, number>();
      for (const key of building) after.set(key, await countValue(page, key, 'alarm'));
      const grew = building.filter((key) => after.get(key)! === before.get(key)! + 1);
      expect(grew).toHaveLength(1);
      expect(building.filter((key) => after.get(key) !== before.get(key))).toEqual(grew);
      await expect(page.locator('[data-count-group]').nth(1)).toHaveAttribute('data-count-group', grew[0]!);
      await keepScreenshot(page, testInfo, 'overview-demo');

      // The list's row for the door says so, and the list (worst first) has it among the alarms.
      await page.keyboard.press('4');
      await page.getByTestId('sort-state').click();
      if ((await page.getByTestId('sort-state').locator('..').getAttribute('aria-sort')) !== 'ascending') await page.getByTestId('sort-state').click();
      const row = page.locator(`[data-testid="list-row"][data-href="${href}"]`);
      await search(page, name);
      await expect(row).toHaveAttribute('data-bucket', 'alarm');
      await expect(row).toContainText('Forced');
      await search(page, '');
      await expect(page.getByTestId('list-row').first()).toHaveAttribute('data-bucket', 'alarm');
    } finally {
      await setDoor(host, id, { open: false, forced: false });
    }
    await search(page, name);
    await expect(page.locator(`[data-testid="list-row"][data-href="${href}"]`)).toHaveAttribute('data-bucket', 'normal');
    await search(page, '');
    await page.keyboard.press('1');
    await expect.poll(() => countValue(page, '*', 'alarm')).toBe(siteAlarms);
  });

  test('keyboard: arrows between counts, Enter opens a count, arrows down the list, Enter opens an item, Esc back', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openBoard(page, host);
    await page.keyboard.press('1');
    const counts = page.getByTestId('count');
    await counts.first().focus();
    await expectArrowsMoveInGrid(page, 'aria-label');

    // Enter opens the count's items (in the list); focus goes to the way back.
    await page.keyboard.press('4');
    await page.keyboard.press('1');
    await counts.first().focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('drill-banner')).toBeVisible();
    await expect(page.getByTestId('item-list')).toBeVisible();

    // Focus is on the first of the count's items: arrows carry on from there.
    const names = page.getByTestId('list-open');
    await expect(names.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const secondRow = await page.evaluate(() => document.activeElement?.getAttribute('data-href'));
    expect(secondRow).toBe(await names.nth(1).getAttribute('data-href'));
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog');
    await expect(panel).toBeVisible();
    // Esc closes the panel first, and only the panel.
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(page.getByTestId('item-list')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('overview')).toBeVisible();
    await expect(page.getByTestId('drill-banner')).toHaveCount(0);
  });

  test('the list sorts by each column, both ways', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openBoard(page, host);
    await page.keyboard.press('4');
    const names = async () => (await page.getByTestId('list-open').allTextContents()).map((n) => n.trim());
    await page.getByTestId('sort-name').click();
    await expect(page.getByTestId('sort-name').locator('..')).toHaveAttribute('aria-sort', 'ascending');
    const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
    const up = await names();
    expect(up.length).toBeGreaterThan(5);
    expect(up).toEqual([...up].sort(collator.compare));
    await page.getByTestId('sort-name').click();
    await expect(page.getByTestId('sort-name').locator('..')).toHaveAttribute('aria-sort', 'descending');
    const down = await names();
    expect(down).toEqual([...down].sort(collator.compare).reverse());

    await page.getByTestId('sort-kind').click();
    const kinds = await page.locator('[data-testid="list-row"] td:nth-child(2)').allTextContents();
    expect(kinds).toEqual([...kinds].sort(collator.compare));

    // Worst first: no row is in a calmer state than one below it.
    await page.getByTestId('sort-state').click();
    const order = ['alarm', 'offline', 'unknown', 'notLive', 'attention', 'normal'];
    const buckets = await page.getByTestId('list-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-bucket')!));
    const ranks = buckets.map((b) => order.indexOf(b));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  test('a floor plan gives way to a chosen view, and the Tiles/Plan switch works in the ordinary and the compact tiles', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openBoard(page, host);
    await page.keyboard.press('2');
    const floor = page.locator('[data-testid="group"]:not([data-group="pinned"])').first();
    await floor.getByTestId('view-plan').click();
    await expect(page.getByTestId('plan-screen')).toBeVisible();
    await page.keyboard.press('4');
    await expect(page.getByTestId('plan-screen')).toHaveCount(0);
    await expect(page.getByTestId('item-list')).toBeVisible();
    await page.keyboard.press('3');
    await expect(page.locator('[data-testid="tile"].compact').first()).toBeVisible();
    await floor.getByTestId('view-plan').click();
    await expect(page.getByTestId('plan-screen')).toBeVisible();
    await page.getByTestId('plan-screen').getByTestId('view-tiles').click();
    await expect(page.locator('[data-testid="tile"].compact').first()).toBeVisible();
  });

  test('axe finds no serious or critical violations in the overview, the compact tiles and the list', async ({ page }, testInfo) => {
    // Three axe passes over a full page: over a minute when the machine is busy.
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openBoard(page, host);
    await page.keyboard.press('1');
    await expect(page.getByTestId('overview')).toBeVisible();
    await expectAccessible(page, testInfo, 'overview');
    await page.keyboard.press('3');
    await expect(page.locator('[data-testid="tile"].compact').first()).toBeVisible();
    await expectAccessible(page, testInfo, 'compact tiles');
    await page.keyboard.press('4');
    await expect(page.getByTestId('list-row').first()).toBeVisible();
    await expectAccessible(page, testInfo, 'list');
  });
});

/** Searches, then leaves the search box so the view keys are keys again. */
async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox').fill(text);
  await page.getByRole('searchbox').blur();
}
