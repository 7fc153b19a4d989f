import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import type { RunningHost } from './support/host';

/** The desk at 1280×800, the kiosk's size, connected to the demo site. */
export async function openDesk(page: Page, host: RunningHost): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await expect(page.getByTestId('connection')).toHaveAttribute('data-phase', 'connected');
}

/** The tile of the item with exactly this name. */
export function tileOf(page: Page, name: string): Locator {
  return page.getByTestId('tile').filter({ has: page.locator('.name', { hasText: new RegExp(`^${escape(name)}$`) }) });
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Opens an item's panel from its tile with the keyboard (focus, Enter) and gives the dialog. The board
 * renders only the tiles on screen, so the item is found by name through the search box first, as a
 * guard would find one far down the board.
 */
export async function openPanel(page: Page, name: string): Promise<Locator> {
  await page.getByRole('search', { name: 'Find items' }).getByRole('searchbox').fill(name);
  const tile = tileOf(page, name);
  await tile.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name });
  await expect(panel).toBeVisible();
  return panel;
}

/** The value the panel shows for a term of its facts list. */
export function fact(panel: Locator, term: string): Locator {
  return panel.locator(`dd[data-fact="${term}"]`);
}

/** axe-core on what is on screen: no serious or critical violation. */
export async function expectAccessible(page: Page, testInfo: TestInfo, what: string, exclude: string[] = []): Promise<void> {
  const builder = new AxeBuilder({ page });
  for (const selector of exclude) builder.exclude(selector);
  const results = await builder.analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  await testInfo.attach(`axe ${what}`, { body: JSON.stringify(results.violations, null, 2), contentType: 'application/json' });
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`), what).toEqual([]);
}

/**
 * A screenshot kept with the test's results, for a person to look at; with GATEHOUSE_SHOTS_DIR set,
 * a copy there too, where a reviewer collects the desk's looks across runs.
 */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
  const shots = process.env.GATEHOUSE_SHOTS_DIR;
  if (shots) {
    mkdirSync(shots, { recursive: true });
    copyFileSync(path, join(shots, `${name}.png`));
  }
}

/** The overrides the simulator logged since `since` (its event log, through the control API). */
export async function overridesSince(host: RunningHost, since: number): Promise<Array<Record<string, unknown>>> {
  const res = await fetch(`${host.controlUrl}/events?since=${since}`);
  const events = ((await res.json()) as { events: Array<Record<string, unknown>> }).events;
  return events.filter((e) => e.type === 'override');
}

/** The sequence number of the simulator's latest event, to read only what follows. */
export async function lastEventSeq(host: RunningHost): Promise<number> {
  const res = await fetch(`${host.controlUrl}/events?since=0`);
  const events = ((await res.json()) as { events: Array<{ seq: number }> }).events;
  return events.at(-1)?.seq ?? 0;
}
