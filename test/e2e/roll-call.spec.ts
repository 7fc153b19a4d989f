import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openScreen } from './support/navigation';
import { startHost, type RunningHost } from './support/host';
import { expectAccessible, keepScreenshot, openDesk } from './panels-support';

// The roll call on the demo site: who is inside by access zone (where each last badged), a guard marking
// people safe at the muster point (moved into its zone on the server, so the count still to find
// shrinks), the CSV, and the last-known copy with its age when the server stops answering.
let host: RunningHost;

test.beforeAll(async () => {
  host = await startHost();
});
test.afterAll(async () => {
  await host?.stop();
});

async function faults(body: unknown) {
  await fetch(`${host.controlUrl}/faults`, { method: body ? 'PUT' : 'DELETE', headers: { 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : null });
}

test('a guard works through a roll call: people by zone, marked safe at the muster point, exported, and shown from the last copy when the server is away', async ({ page }, testInfo) => {
  await openDesk(page, host);
  await openScreen(page, 'open-roll-call');
  const screen = page.getByTestId('roll-call');
  const labs = screen.locator('[data-testid="roll-zone"][data-zone="Research Labs"]');
  await expect(labs.getByTestId('roll-person')).toHaveCount(3);
  await expect(screen.getByTestId('muster-zone').locator('option:checked')).toHaveText('Car Park');
  // Visitors told from staff in words (today's visitors by their visit), counted per zone and in all.
  await expect(labs.getByTestId('roll-person').filter({ hasText: 'Grace Whitfield' }).getByTestId('person-kind')).toHaveText('Staff');
  const tom = screen.getByTestId('roll-person').filter({ hasText: 'Tom Brennan' });
  await expect(tom.getByTestId('person-kind')).toHaveText('Visitor');
  await expect(labs.getByTestId('zone-split')).toContainText('0 visitors, 3 staff');
  await expect(screen.getByTestId('roll-call-visitors')).toContainText(/^4 visitors, \d+ staff$/);
  const unaccounted = screen.getByTestId('unaccounted');
  const before = Number((await unaccounted.textContent())!.match(/\d+/)![0]);
  expect(before).toBeGreaterThan(10);
  await keepScreenshot(page, testInfo, 'roll-call-1280x800');
  await expectAccessible(page, testInfo, 'the roll call');

  await labs.getByRole('button', { name: 'Mark safe: Grace Whitfield' }).click();
  await expect(screen.getByTestId('roll-call-said')).toHaveText('Grace Whitfield marked safe at Car Park');
  await expect(labs.getByTestId('roll-person')).toHaveCount(2);
  const carPark = screen.locator('[data-testid="roll-zone"][data-zone="Car Park"]');
  await expect(carPark.getByTestId('roll-person').filter({ hasText: 'Grace Whitfield' })).toContainText('Marked safe');
  await expect(unaccounted).toContainText(`${before - 1} not yet at Car Park`);

  const download = page.waitForEvent('download');
  await screen.getByTestId('roll-call-csv').click();
  const csv = readFileSync((await (await download).path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('Zone,Name,Visitor or staff,Last seen,Marked safe at this desk');
  expect(csv).toMatch(/Car Park,Grace Whitfield,Staff,[^,]+,yes/);
  expect(csv).toMatch(/,Tom Brennan,Visitor,/);

  // The printed page says visitor or staff in words too (the badge's colour may not print), without the buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(tom.getByTestId('person-kind')).toBeVisible();
  await expect(tom.getByTestId('person-kind')).toHaveText('Visitor');
  await expect(screen.getByTestId('roll-call-summary')).toBeVisible();
  await expect(tom.getByRole('button')).toBeHidden();
  await keepScreenshot(page, testInfo, 'roll-call-print-1280x800');
  await page.emulateMedia({ media: 'screen' });

  // The server stops answering: the last copy stays on screen, its age said, and nothing can be marked.
  await faults({ serverError: { status: 503 } });
  try {
    await fetch(`${host.controlUrl}/connections/drop`, { method: 'POST' });
    await screen.getByRole('button', { name: 'Refresh' }).click();
    await expect(screen.getByTestId('roll-call-copy')).toContainText('the last roll call this desk read');
    await expect(labs.getByRole('button', { name: 'Mark safe: Daniel Whitaker' })).toBeDisabled();
    await keepScreenshot(page, testInfo, 'roll-call-server-away-1280x800');
  } finally {
    await faults(null);
  }
  await screen.getByRole('button', { name: 'Close the roll call' }).click();
  await openScreen(page, 'open-audit');
  await expect(page.getByTestId('audit-row').filter({ hasText: 'Grace Whitfield at Car Park' })).toHaveCount(1);
});
