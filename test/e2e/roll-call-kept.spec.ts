import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startConfiguredHost } from './support/configured-host';
import { startHostIn, type KillableHost } from './support/host-in-folder';
import { openScreen } from './support/navigation';
import { startSiteSimulator, type SiteSimulator } from './support/simulator';
import { expectAccessible, keepScreenshot } from './panels-support';

// The last roll call is kept by the desk itself (main's local store), not by the page: a desk of a
// configured site reads the roll call, then the server stops and the desk is killed and started again
// while it is still down. A new page (another origin, so none of the first page's storage) still shows
// who was inside, visitors marked, with the copy's age, and nobody can be marked safe.
const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-roll-call-kept-'));
let host: KillableHost | undefined;
let site: SiteSimulator | undefined;

test.afterAll(async () => {
  await Promise.all([host?.stop(), site?.stop()]);
});

test('after the server stops and the desk restarts, the roll call shows the copy main kept, with its age', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  site = await startSiteSimulator();
  host = await startConfiguredHost(dataDir, site);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await expect(page.getByTestId('connection')).toHaveAttribute('data-phase', 'connected');
  await openScreen(page, 'open-roll-call');
  const screen = page.getByTestId('roll-call');
  const tom = screen.getByTestId('roll-person').filter({ hasText: 'Tom Brennan' });
  await expect(tom.getByTestId('person-kind')).toHaveText('Visitor');
  const onSite = await screen.getByTestId('roll-call-summary').locator('strong').first().textContent();
  await expect(screen.getByTestId('roll-call-copy')).toHaveCount(0);

  await host.kill();
  await site.stop();
  site = undefined;
  host = await startHostIn(dataDir);
  await page.goto(host.url);
  await expect(page.getByTestId('connection')).not.toHaveAttribute('data-phase', 'connected');
  await openScreen(page, 'open-roll-call');
  await expect(screen.getByTestId('roll-call-copy')).toContainText(/the last roll call this desk read, \d+ min old/);
  await expect(screen.getByTestId('roll-call-summary').locator('strong').first()).toHaveText(onSite!);
  await expect(tom.getByTestId('person-kind')).toHaveText('Visitor');
  await expect(tom.getByRole('button', { name: 'Mark safe: Tom Brennan' })).toBeDisabled();
  await keepScreenshot(page, testInfo, 'roll-call-kept-copy-1280x800');
  await expectAccessible(page, testInfo, 'the roll call from the kept copy');
});
