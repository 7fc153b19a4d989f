import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { hostForTheseTests } from './support/host';

const host = hostForTheseTests();

const site = JSON.parse(readFileSync('resources/demo-site.json', 'utf8')) as Record<string, Array<{ name: string }>>;

test('a tile for every kind of item, grouped by floor in floor order, Site last', async ({ page }) => {
  // Tall enough that the windowed board renders every row.
  await page.setViewportSize({ width: 1600, height: 9000 });
  await page.goto(host.url);
  await expect(page.getByTestId('connection')).toHaveAttribute('data-phase', 'connected');
  for (const kind of ['door', 'accessZone', 'alarmZone', 'fenceZone', 'input', 'interlockGroup', 'macro', 'output']) {
    await expect(page.locator(`[data-testid="tile"][data-kind="${kind}"]`).first()).toBeVisible();
  }
  const groups = await page.getByTestId('group-toggle').allTextContents();
  expect(groups.map((g) => g.replace(/[▸▾]/g, '').replace(/\(\d+\)/, '').trim())).toEqual([
    'Level 1 · North Lifts',
    'Level 1 · South Lifts',
    'Level 2 · North Lifts',
    'Level 2 · South Lifts',
    'Level 3 · North Lifts',
    'Site',
  ]);
  // Every alarm zone, fence zone, input, interlock group, macro and output of the site is on the board.
  for (const kind of ['alarmZones', 'fenceZones', 'inputs', 'interlockGroups', 'macros', 'outputs']) {
    for (const { name } of site[kind]!) await expect(page.getByRole('button', { name: new RegExp(`^${name}`) }).first()).toBeVisible();
  }
  // Divisions by name in the filter, never a URL.
  const divisions = await page.getByLabel('Division').locator('option').allTextContents();
  expect(divisions).toEqual(expect.arrayContaining(['North Building', 'South Building', 'Grounds']));
  expect(divisions.some((d) => d.includes('http'))).toBe(false);
});

test('the floor and division choices list what the board holds and narrow it together', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 9000 });
  await page.goto(host.url);
  await expect(page.getByTestId('connection')).toHaveAttribute('data-phase', 'connected');
  const floor = page.getByLabel('Floor');
  const floors = await floor.locator('option').allTextContents();
  expect(floors[0]).toBe('All floors');
  expect(floors).toContain('Level 2 · North Lifts');
  await floor.selectOption({ label: 'Level 2 · North Lifts' });
  await expect(floor).toHaveValue(/.+/);
  const toggles = page.getByTestId('group-toggle');
  await expect(toggles).toHaveCount(1);
  await expect(toggles.first()).toContainText('Level 2 · North Lifts');
  // A division narrows the floor further, and the floor stays chosen.
  await page.getByLabel('Division').selectOption({ label: 'South Building' });
  await expect(page.getByTestId('tile')).toHaveCount(0);
  await expect(floor.locator('option:checked')).toHaveText('Level 2 · North Lifts');
  await page.getByLabel('Division').selectOption({ label: 'North Building' });
  await expect(page.getByTestId('tile').first()).toBeVisible();
  await floor.selectOption({ label: 'All floors' });
  await expect(page.getByTestId('group-toggle')).not.toHaveCount(1);
});

test('screenshots of the board at 1280×800 and 1600×1000, for a look from 2 m', async ({ page }, testInfo) => {
  for (const [width, height] of [
    [1280, 800],
    [1600, 1000],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(host.url);
    await expect(page.getByTestId('connection')).toHaveAttribute('data-phase', 'connected');
    await expect(page.locator('[data-testid="tile"][data-verdict="normal"]').first()).toBeVisible();
    const path = testInfo.outputPath(`board-${width}x${height}.png`);
    await page.screenshot({ path });
    await testInfo.attach(`board ${width}×${height}`, { path, contentType: 'image/png' });
  }
});

test('axe finds no serious or critical violations on the board', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await expect(page.getByTestId('connection')).toHaveAttribute('data-phase', 'connected');
  await expect(page.getByTestId('tile').first()).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.length}) ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
});

test('touch targets are at least 44 px, and every tile is a button named by its item first', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await expect(page.getByTestId('tile').first()).toBeVisible();
  for (const name of ['Screens', 'Set up this desk']) {
    const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  const tile = page.getByTestId('tile').first();
  const name = (await tile.locator('.name').textContent())!.trim();
  await expect(page.getByRole('button', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).first()).toBeVisible();
});
