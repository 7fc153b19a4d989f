import { expect, test, type Page } from '@playwright/test';
import { startHost, type RunningHost } from './support/host';
import { expectArrowsMoveInGrid, focusedBy } from './support/navigation';

async function openBoard(page: Page, host: RunningHost) {
  await page.goto(host.url);
  await expect(page.getByTestId('connection')).toHaveAttribute('data-phase', 'connected');
  await expect(page.getByTestId('tile').first()).toBeVisible();
}

const group = (page: Page, label: string) => page.getByTestId('group').filter({ has: page.getByRole('button', { name: new RegExp(`^${label} \\(\\d+\\)$`) }) });

test('collapsed floors and pinned items survive a restart of the host', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 9000 });
  let host = await startHost();
  const dataDir = host.settingsDir;
  try {
    await openBoard(page, host);
    const level2 = group(page, 'Level 2 · North Lifts');
    await level2.getByTestId('group-toggle').click();
    await expect(level2.getByTestId('group-toggle')).toHaveAttribute('aria-expanded', 'false');
    await expect(level2.getByTestId('tile')).toHaveCount(0);

    await page.getByRole('button', { name: 'Pin South Loading Dock' }).click();
    const pinned = page.locator('[data-group="pinned"]');
    await expect(pinned.getByTestId('tile')).toHaveCount(1);
    await expect(pinned.getByTestId('tile')).toContainText('South Loading Dock');

    // Pinned moves down one place: Level 1 · North Lifts is now first.
    await page.getByRole('button', { name: 'Move Pinned down' }).click();
    await expect(page.getByTestId('group').first()).toHaveAttribute('data-group', /eg-north/);
  } finally {
    await host.stop();
  }

  host = await startHost([], {}, dataDir);
  try {
    await openBoard(page, host);
    const level2 = group(page, 'Level 2 · North Lifts');
    await expect(level2.getByTestId('group-toggle')).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('[data-group="pinned"]').getByTestId('tile')).toContainText('South Loading Dock');
    await expect(page.getByTestId('group').nth(1)).toHaveAttribute('data-group', 'pinned');
  } finally {
    await host.stop();
  }
});

test('keyboard: arrows move between tiles, Enter opens the panel, Esc closes it back to the tile, / searches', async ({ page }) => {
  const host = await startHost();
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openBoard(page, host);
    const tiles = page.getByTestId('tile');
    await tiles.first().focus();
    const second = await expectArrowsMoveInGrid(page, 'data-href');

    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog');
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    expect(await focusedBy(page, 'data-href')).toBe(second);

    // The colour key is one key away.
    await page.keyboard.press('c');
    await expect(page.getByTestId('colour-key')).toContainText('Alarm — needs action');

    await page.keyboard.press('/');
    // Search reads descriptions too: "service yard" is only in the South Yard Fence's.
    await page.keyboard.type('service yard');
    await expect(tiles).toHaveCount(1);
    await expect(tiles.first()).toHaveAttribute('data-kind', 'fenceZone');
    await expect(tiles.first()).toContainText('South Yard Fence');
  } finally {
    await host.stop();
  }
});
