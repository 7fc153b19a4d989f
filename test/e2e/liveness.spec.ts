import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { keepScreenshot } from './panels-support';
import { startHostIn, type KillableHost } from './support/host-in-folder';
import { configureSite } from './support/settings-screen';
import { startSiteSimulator, type SiteSimulator } from './support/simulator';

// A desk configured for a site in a process of its own: the site made slow (5 s an answer), then hung
// (its process stopped with SIGSTOP). Slow keeps the board live and says so; hung is said on the bar
// and every tile within seconds, since when, to the second. The steps build on each other.
test.describe.configure({ mode: 'serial' });

const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-liveness-'));
let host: KillableHost;
let site: SiteSimulator;
let hung = false;

test.beforeAll(async () => {
  [host, site] = await Promise.all([startHostIn(dataDir), startSiteSimulator()]);
});
test.afterAll(async () => {
  if (hung) process.kill(site.pid, 'SIGCONT');
  await Promise.all([host?.stop(), site?.stop()]);
});

async function faults(body: unknown) {
  const res = await fetch(`${site.controlUrl}/faults`, { method: body ? 'PUT' : 'DELETE', headers: { 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : null });
  expect(res.status).toBeLessThan(300);
}

test('a slow server keeps the board live, says how slow, and the notice goes once it is fast', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await configureSite(page, site);
  const bar = page.getByTestId('connection');
  await expect(bar).toHaveAttribute('data-phase', 'connected');
  await expect(page.getByTestId('tile').first()).toBeVisible();

  await faults({ latencyMs: 5_000 });
  await expect(page.getByTestId('slow-server')).toHaveText(/Slow server: about \d+ s an answer/, { timeout: 15_000 });
  // Slow is not down: connected, and no tile muted.
  await expect(bar).toHaveAttribute('data-phase', 'connected');
  await expect(page.locator('[data-testid="tile"].stale')).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'slow-server');
  await faults(null);
  await expect(page.getByTestId('slow-server')).toHaveCount(0, { timeout: 20_000 });
});

test('a hung server is said on the bar and every tile within seconds: not live since HH:MM:SS', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  const bar = page.getByTestId('connection');
  await expect(bar).toHaveAttribute('data-phase', 'connected');
  await expect(page.locator('[data-testid="tile"].stale')).toHaveCount(0, { timeout: 20_000 });

  process.kill(site.pid, 'SIGSTOP');
  hung = true;
  // The heartbeat's bound is 5 s; 10 s leaves room for a loaded machine, still far below a long-poll's hold.
  await expect(bar).toContainText(/Not live since \d\d:\d\d:\d\d/, { timeout: 10_000 });
  await expect(bar).toContainText('The server has stopped answering');
  const tiles = page.getByTestId('tile');
  await expect(page.locator('[data-testid="tile"][data-stale="false"]')).toHaveCount(0);
  await expect(tiles.first()).toContainText(/not live since \d\d:\d\d:\d\d/);
  // The headline is whole at 1280 px: the reason beside it gives way, never the time.
  const headline = bar.locator('strong');
  expect(await headline.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  // The banner says the whole board is not live; the strip does not list every item as not heard.
  await expect(page.getByTestId('attention-entry').filter({ hasText: 'Not heard' })).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'not-live-since');

  process.kill(site.pid, 'SIGCONT');
  hung = false;
  await expect(bar).toHaveAttribute('data-phase', 'connected', { timeout: 15_000 });
  await expect(page.locator('[data-testid="tile"].stale')).toHaveCount(0, { timeout: 20_000 });
});
