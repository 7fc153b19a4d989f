import { expect, test, type Locator } from '@playwright/test';
import { openDeskSocket } from './support/desk-socket';
import { hostForTheseTests } from './support/host';
import { openDesk } from './panels-support';
import { openScreen } from './support/navigation';

const host = hostForTheseTests();

test('the audit screen at the kiosk size names every column, Outcome included, and shows each entry\'s outcome under it', async ({ page }, testInfo) => {
  await openDesk(page, host);
  // Entries of each outcome the screen must show: an override done, and one refused (no such command).
  const socket = await openDeskSocket(host.url);
  try {
    const board = await socket.call<{ items: Array<{ href: string; kind: string }> }>('board.get');
    const door = board.items.find((i) => i.kind === 'door')!;
    await socket.call('item.command', { href: door.href, command: 'open' });
    await socket.call('item.command', { href: door.href, command: 'notACommand' }).catch(() => undefined);
  } finally {
    socket.close();
  }
  await openScreen(page, 'open-audit');
  const table = page.getByTestId('audit-table');
  await expect(page.getByTestId('audit-row').first()).toBeVisible();
  const headers = table.getByRole('columnheader');
  await expect(headers).toHaveText(['#', 'When', 'Desk', 'Operator', 'Action', 'What', 'Outcome']);
  // Every header is on screen at 1280×800, not cut off or scrolled out of view.
  for (const header of await headers.all()) {
    await expect(header).toBeInViewport();
    expect((await header.textContent())?.trim()).not.toBe('');
  }
  const outcome = table.getByRole('columnheader', { name: 'Outcome' });
  const refused = page.locator('[data-testid="audit-row"][data-outcome="refused"]').first();
  await expect(refused).toBeVisible();
  // The outcome's words sit under the Outcome header.
  const cell = refused.locator('td').last();
  const [h, c] = [await outcome.boundingBox(), await cell.boundingBox()];
  expect(c!.x).toBeGreaterThanOrEqual(h!.x - 1);
  expect(c!.x).toBeLessThan(h!.x + h!.width);
  // A field and the button beside it are one height (the desk's field and button), so each row lines up.
  const height = async (locator: Locator) => (await locator.boundingBox())!.height;
  const rows = [
    [page.getByRole('spinbutton', { name: /Keep entries for/ }), page.getByRole('button', { name: 'Set retention' })],
    [page.getByRole('searchbox', { name: /Words/ }), page.getByRole('button', { name: 'Show', exact: true })],
  ] as const;
  for (const [field, button] of rows) expect(Math.abs((await height(field)) - (await height(button)))).toBeLessThanOrEqual(1);
  const path = testInfo.outputPath('audit-1280x800.png');
  await page.screenshot({ path });
  await testInfo.attach('audit at 1280×800', { path, contentType: 'image/png' });
});
