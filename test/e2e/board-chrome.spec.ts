import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { hostForTheseTests } from './support/host';

// Issue 17 and the guard's look at the desk: at the kiosk's usual sizes the board has the screen's
// height, and nothing on a tile is drawn over anything else.

// The demo's scenario running, as at `npm start`: tiles show every kind of state line.
const host = hostForTheseTests(['--scenario', '1']);

async function openBoard(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await page.goto(host.url);
  await expect(page.getByTestId('connection')).toHaveAttribute('data-phase', 'connected');
  await expect(page.getByTestId('tile').first()).toBeVisible();
}

/**
 * Per tile on screen: its lines that overlap one another, leave the tile, or are cut through the
 * middle of a line of text (a box squeezed to part of a line draws half a line over the next).
 */
function tileOverlaps(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const tile of document.querySelectorAll<HTMLElement>('[data-testid="tile"]')) {
      const box = tile.getBoundingClientRect();
      if (box.bottom < 0 || box.top > innerHeight) continue;
      const lines = [...tile.children].map((el) => ({ text: (el.textContent ?? '').trim(), rect: el.getBoundingClientRect() }));
      for (const [i, a] of lines.entries()) {
        if (a.rect.height === 0) continue;
        if (a.rect.top < box.top || a.rect.bottom > box.bottom + 0.5) problems.push(`"${a.text}" leaves its tile`);
        const lineHeight = parseFloat(getComputedStyle(tile.children[i]!).lineHeight);
        const count = a.rect.height / lineHeight;
        if (Math.abs(count - Math.round(count)) * lineHeight > 1.5) problems.push(`"${a.text}" is cut mid-line (${count.toFixed(2)} lines)`);
        for (const b of lines.slice(i + 1)) {
          if (b.rect.height > 0 && a.rect.bottom > b.rect.top + 0.5) problems.push(`"${a.text}" overlaps "${b.text}"`);
        }
      }
    }
    return problems;
  });
}

for (const [width, height] of [
  [1280, 800],
  [1600, 1000],
  [1920, 1080],
] as const) {
  test(`at ${width}×${height} no line of a tile overlaps another, and every name is whole in its title`, async ({ page }) => {
    await openBoard(page, width, height);
    expect(await page.getByTestId('tile').count()).toBeGreaterThan(4);
    expect(await tileOverlaps(page)).toEqual([]);
    const names = page.locator('[data-testid="tile"] .name');
    for (const name of await names.all()) {
      const text = (await name.textContent())!.trim();
      await expect(name).toHaveAttribute('title', text);
    }
  });
}

test('at 1280×800 the board has at least 600 px, the filters sit in one row, and every control above it is at least 44 px', async ({ page }) => {
  await openBoard(page, 1280, 800);
  const board = page.getByRole('region', { name: 'Board' });
  expect((await board.boundingBox())!.y).toBeLessThanOrEqual(200);

  const filters = page.getByRole('search', { name: 'Find items' });
  const controls = filters.locator('input, select');
  const tops = new Set<number>();
  for (const control of await controls.all()) tops.add(Math.round((await control.boundingBox())!.y));
  expect(await controls.count()).toBeGreaterThanOrEqual(3);
  expect(tops.size).toBe(1);

  const targets = [
    ...(await controls.all()),
    page.getByTestId('colour-key-toggle'),
    page.getByTestId('mute'),
    ...(await page.getByRole('navigation', { name: 'Site' }).getByRole('button').all()),
    page.getByTestId('nav-menu'),
    page.getByTestId('open-alarms'),
  ];
  for (const target of targets) expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
});

test('the keyboard shortcuts are in the legend on C, with the colours', async ({ page }) => {
  await openBoard(page, 1280, 800);
  await expect(page.getByRole('list', { name: 'Keyboard shortcuts' })).toHaveCount(0);
  await page.keyboard.press('c');
  const legend = page.getByTestId('colour-key');
  // Each colour with the word its tiles carry, so a colour is never read alone.
  await expect(legend).toContainText('Alarm — needs action');
  await expect(legend).toContainText('Caution — deliberately open');
  await expect(legend.getByRole('list', { name: 'Keyboard shortcuts' })).toContainText('Enter open');
  await expect(page.getByTestId('colour-key-toggle')).toHaveAttribute('aria-expanded', 'true');
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  // Esc closes it, as it closes everything else opened over the board.
  await page.keyboard.press('Escape');
  await expect(legend).toHaveCount(0);
  await expect(page.getByTestId('colour-key-toggle')).toHaveAttribute('aria-expanded', 'false');
});
