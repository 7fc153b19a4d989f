import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { startHostIn, type KillableHost } from './support/host-in-folder';
import { configureSite } from './support/settings-screen';
import { startSiteSimulator, type SiteSimulator } from './support/simulator';
import { openScreen } from './support/navigation';
import { BOARD_LIVE_MARK, BOARD_SHOWN_MARK } from '../../renderer/src/board/lib/timing-marks';

// One desk configured for a site in its own process; the site then fails in several ways, and the
// desk's host is killed with SIGKILL and restarted while the site is down. Screenshots of what the
// desk says are kept as artifacts. The steps build on each other, so they run in order.
test.describe.configure({ mode: 'serial' });

const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-offline-'));
let host: KillableHost;
let site: SiteSimulator;

test.beforeAll(async () => {
  [host, site] = await Promise.all([startHostIn(dataDir), startSiteSimulator()]);
});
test.afterAll(async () => {
  await Promise.all([host?.stop(), site?.stop()]);
});

async function snap(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

async function faults(body: unknown) {
  const res = await fetch(`${site.controlUrl}/faults`, { method: body ? 'PUT' : 'DELETE', headers: { 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : null });
  expect(res.status).toBeLessThan(300);
}

test('a configured desk says in words when the server errors or drops requests, and recovers', async ({ page }, testInfo) => {
  // Recovery waits out the desk's back-off (up to 30 s a try) and, for a quiet item, the server's
  // one-minute hold of its next long-poll: measured elsewhere, only bounded here.
  test.setTimeout(420_000);
  await page.goto(host.url);
  await configureSite(page, site);
  const bar = page.getByTestId('connection');
  await expect(bar).toHaveAttribute('data-phase', 'connected');
  await expect(page.getByTestId('tile').first()).toBeVisible();

  // The desk may stay "connected" (the server answers /api) while items go stale: either way, nothing looks live.
  const staleTiles = page.locator('[data-testid="tile"].stale');
  await faults({ serverError: { status: 503 } });
  // Long-polls already open would hold for a minute: drop them so the next requests meet the fault.
  await fetch(`${site.controlUrl}/connections/drop`, { method: 'POST' });
  await expect(staleTiles.first()).toBeVisible({ timeout: 15_000 });
  await snap(page, testInfo, 'fault-server-errors');
  await faults(null);
  await expect(staleTiles).toHaveCount(0, { timeout: 150_000 });

  await faults({ dropRequests: {} });
  await fetch(`${site.controlUrl}/connections/drop`, { method: 'POST' });
  await expect(staleTiles.first()).toBeVisible({ timeout: 15_000 });
  await snap(page, testInfo, 'fault-requests-dropped');
  await faults(null);
  await expect(staleTiles).toHaveCount(0, { timeout: 150_000 });
  await expect(bar).toHaveAttribute('data-phase', 'connected');
  // The page marked its start once each, as the bench reads them (timing-marks.ts): shown, then live.
  expect(await marks(page)).toEqual({ shown: 1, live: 1 });
});

test('after kill -9 of the host, restarted while the server is down, the last-known board shows at once, every tile stale with its age', async ({ page }, testInfo) => {
  // Let the last status batch reach the store (it is written about once a second).
  await page.waitForTimeout(1_500);
  await host.kill();
  await site.stop();
  host = await startHostIn(dataDir);
  await page.goto(host.url);
  const bar = page.getByTestId('connection');
  await expect(page.getByTestId('tile').first()).toBeVisible();
  await expect(bar).not.toHaveAttribute('data-phase', 'connected');
  const tiles = page.getByTestId('tile');
  const count = await tiles.count();
  expect(count).toBeGreaterThan(0);
  await expect(tiles.first()).toHaveClass(/stale/);
  // The board says when it last heard from the server about the item, and why it is not live.
  await expect(tiles.first()).toContainText(/not live since \d\d:\d\d:\d\d(, last heard \d\d:\d\d)? — Last-known state/);
  await expect(page.locator('[data-testid="tile"]:not(.stale)')).toHaveCount(0);
  // A last-known board is shown, never live.
  expect(await marks(page)).toEqual({ shown: 1, live: 0 });
  await snap(page, testInfo, 'stale-board-after-restart');

  // A door's panel still lists what the server offered, none of it usable until the server answers, and says why.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.locator('[data-testid="tile"][data-kind="door"]').first().focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog');
  await expect(panel.getByText('Not available: Not connected: this is the last-known state. Commands return once the server answers.').first()).toBeVisible();
  await snap(page, testInfo, 'stale-panel-after-restart', false);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  await openScreen(page, 'open-audit');
  await expect(page.getByTestId('audit-row').first()).toBeVisible();
  await expect(page.getByTestId('audit-check')).toContainText('unbroken');
  await snap(page, testInfo, 'audit-log', false);
  await page.keyboard.press('Escape');
});

test('a server back on the same address with another certificate is refused, and the bar says so', async ({ page }, testInfo) => {
  site = await startSiteSimulator(site.port);
  await page.goto(host.url);
  const bar = page.getByTestId('connection');
  await expect(bar).toHaveAttribute('data-phase', 'offline', { timeout: 30_000 });
  await expect(bar).toContainText(/certificate/i);
  await snap(page, testInfo, 'fault-certificate-changed');
});

/** How many times the page set each start mark (renderer/src/board/lib/timing-marks.ts). */
function marks(page: Page): Promise<{ shown: number; live: number }> {
  return page.evaluate(
    ([shown, live]) => ({ shown: performance.getEntriesByName(shown).length, live: performance.getEntriesByName(live).length }),
    [BOARD_SHOWN_MARK, BOARD_LIVE_MARK] as const,
  );
}
