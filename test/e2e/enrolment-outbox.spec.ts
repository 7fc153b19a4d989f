import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { cardholderEvents, fillNewCardholder, insertDemoCard, openEnrolment, readCard, snap } from './support/enrolment-screen';
import { startHost, type RunningHost } from './support/host';
import { configureSite } from './support/settings-screen';
import { startSiteSimulator, type SiteSimulator } from './support/simulator';

// Exactly once: an enrolment made while the server is down is kept (sealed, in the settings folder),
// survives a kill -9 of the desk, and is sent once when the server is back; a create whose answer was
// lost is never sent again until the operator decides. The site is a separately started simulator
// configured through Settings, so it can be stopped; the demo reader stays available there.
test.describe.configure({ mode: 'serial' });

const DEMO_READER_EVERYWHERE = { GATEHOUSE_DEMO_READER: 'always' };
const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-outbox-'));
let host: RunningHost;
let site: SiteSimulator;

test.beforeAll(async () => {
  [host, site] = await Promise.all([startHost([], DEMO_READER_EVERYWHERE, dataDir), startSiteSimulator()]);
});
test.afterAll(async () => {
  await Promise.all([host?.stop(), site?.stop()]);
});

test('an enrolment made while the server is stopped is kept through a kill -9 and sent exactly once when it is back', async ({ page }, testInfo) => {
  await page.goto(host.url);
  await configureSite(page, site);
  let screen = await openEnrolment(page);
  await insertDemoCard(screen, 'PIV');
  const preview = await readCard(screen);
  const number = (await preview.getByTestId('preview-number').textContent())!;

  await site.stop();
  await fillNewCardholder(screen, 'Grace', 'Hopper', 'North Building');
  await screen.getByRole('button', { name: 'Send enrolment' }).click();
  await expect(screen.getByTestId('enrol-result')).toHaveAttribute('data-state', 'pending');
  const kept = screen.locator(`[data-testid="outbox-item"][data-number="${number}"]`);
  await expect(kept).toHaveAttribute('data-state', 'pending');
  await snap(page, testInfo, 'outbox-1-kept-while-server-stopped');

  // A crash: no chance to tidy up. The same settings folder, a new process.
  await host.kill();
  host = await startHost([], DEMO_READER_EVERYWHERE, dataDir);
  await page.goto(host.url);
  screen = await openEnrolment(page);
  await expect(screen.locator(`[data-testid="outbox-item"][data-number="${number}"]`)).toHaveAttribute('data-state', 'pending');
  await snap(page, testInfo, 'outbox-2-after-kill-9');
  await screen.getByRole('button', { name: 'Close enrolment' }).click();

  // The server comes back on the same address (with new credentials, so the operator confirms them).
  site = await startSiteSimulator(site.port);
  await configureSite(page, site);
  screen = await openEnrolment(page);
  const sent = screen.locator(`[data-testid="outbox-item"][data-number="${number}"]`);
  await expect(sent).toHaveAttribute('data-state', 'sent');
  await snap(page, testInfo, 'outbox-3-sent-once');
  expect((await cardholderEvents(site.controlUrl)).filter((e) => e.action === 'created')).toHaveLength(1);

  // Another crash and restart: the enrolment is remembered as sent and is not sent again.
  await host.kill();
  host = await startHost([], DEMO_READER_EVERYWHERE, dataDir);
  await page.goto(host.url);
  await expect(page.getByTestId('connection')).toHaveAttribute('data-phase', 'connected');
  screen = await openEnrolment(page);
  await expect(screen.locator(`[data-testid="outbox-item"][data-number="${number}"]`)).toHaveAttribute('data-state', 'sent');
  expect((await cardholderEvents(site.controlUrl)).filter((e) => e.action === 'created')).toHaveLength(1);
});

test('a create whose answer was lost is marked "outcome unknown", not re-sent, and sent again only when the operator says so', async ({ page }, testInfo) => {
  await page.goto(host.url);
  await expect(page.getByTestId('connection')).toHaveAttribute('data-phase', 'connected');
  const screen = await openEnrolment(page);
  await insertDemoCard(screen, 'PIV');
  const preview = await readCard(screen);
  const number = (await preview.getByTestId('preview-number').textContent())!;
  await fillNewCardholder(screen, 'Katherine', 'Johnson', 'South Building');
  const createdBefore = (await cardholderEvents(site.controlUrl)).filter((e) => e.action === 'created').length;

  // Every request is now dropped after it arrives: the desk cannot know whether the server acted on it.
  await fetch(`${site.controlUrl}/faults`, { method: 'PUT', body: JSON.stringify({ dropRequests: {} }), headers: { 'content-type': 'application/json' } });
  await screen.getByRole('button', { name: 'Send enrolment' }).click();
  const item = screen.locator(`[data-testid="outbox-item"][data-number="${number}"]`);
  await expect(item).toHaveAttribute('data-state', 'uncertain');
  await expect(item).toContainText('check on the server');
  await fetch(`${site.controlUrl}/faults`, { method: 'DELETE' });

  // The server is answering again (the board reconnects), and still the create is not sent by itself.
  await expect(page.getByTestId('connection')).toHaveAttribute('data-phase', 'connected');
  await expect(item).toHaveAttribute('data-state', 'uncertain');
  await snap(page, testInfo, 'outbox-4-outcome-unknown');
  expect((await cardholderEvents(site.controlUrl)).filter((e) => e.action === 'created')).toHaveLength(createdBefore);

  // The operator checked the server, found nothing, and chose to resend: sent once.
  await item.getByRole('button', { name: 'Not on the server: resend' }).click();
  await expect(item).toHaveAttribute('data-state', 'sent');
  await snap(page, testInfo, 'outbox-5-resent-by-operator');
  expect((await cardholderEvents(site.controlUrl)).filter((e) => e.action === 'created')).toHaveLength(createdBefore + 1);
});
