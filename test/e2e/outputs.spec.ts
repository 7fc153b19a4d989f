import { expect, test, type Locator, type Page } from '@playwright/test';
import { hostForTheseTests } from './support/host';
import { expectAccessible, keepScreenshot, lastEventSeq, openDesk, openPanel, overridesSince, tileOf } from './panels-support';

// Outputs at the desk: tiles on the board, the Type filter, and the panel's commands (on, off with
// the dialog's end time, pulse, cancel). No optimistic UI: a tile says On only once the server does.
const host = hostForTheseTests();

/** The control API's patch of an output (the site's own logic, the relay's conditions). */
async function patchOutput(id: string, patch: Record<string, boolean>): Promise<void> {
  const res = await fetch(`${host.controlUrl}/items/outputs/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(patch),
  });
  expect(res.status).toBe(204);
}

/** The words a tile shows for its state (headline and rest, without the verdict's label), one by one. */
async function tileWords(tile: Locator): Promise<string[]> {
  // allTextContents does not wait: a line that goes away between two reads is simply not there.
  const [verdict = ''] = await tile.locator('.verdict').allTextContents();
  const [headline = ''] = await tile.locator('.headline').allTextContents();
  const rest = await tile.locator('.rest').allTextContents();
  return [headline.trim().slice(verdict.length), ...rest].join(' · ').split('·').map((w) => w.trim()).filter(Boolean);
}

async function findOutput(page: Page, name: string): Promise<Locator> {
  await page.getByRole('search', { name: 'Find items' }).getByRole('searchbox').fill(name);
  const tile = tileOf(page, name);
  await expect(tile).toBeVisible();
  return tile;
}

test('the board shows every output of the site under its own type, off until something switches it on', async ({ page }, testInfo) => {
  await openDesk(page, host);
  await page.getByRole('search', { name: 'Find items' }).getByRole('combobox').first().selectOption({ label: 'output' });
  const tiles = page.locator('[data-testid="tile"][data-kind="output"]');
  await expect(tiles).toHaveCount(5);
  await expect(page.locator('[data-testid="tile"]:not([data-kind="output"])')).toHaveCount(0);
  const siren = tileOf(page, 'Lobby siren');
  await expect(siren).toHaveAttribute('data-verdict', 'normal');
  await expect(siren.locator('.headline')).toContainText('Off');
  await expect(siren.locator('.kind')).toHaveText('output');
  // The lab's extract fan runs by the site's own logic: On, and nothing to worry about.
  const fan = tileOf(page, 'Lab fume extract fan');
  await expect(fan.locator('.headline')).toContainText('On');
  await expect(fan).toHaveAttribute('data-verdict', 'normal');
  await keepScreenshot(page, testInfo, 'board-outputs');
  await expectAccessible(page, testInfo, 'board of outputs');
});

test('switching an output on from its panel: the tile says On only after the server reports the relay closed', async ({ page }, testInfo) => {
  await openDesk(page, host);
  // The controller does not know the relay's state yet: whatever is pressed, the server cannot say "on".
  await patchOutput('out-n-siren', { relayStateUnknown: true });
  const tile = await findOutput(page, 'Lobby siren');
  await expect(tile.locator('.headline')).toContainText('Relay state unknown');

  const panel = await openPanel(page, 'Lobby siren');
  for (const name of ['Turn on…', 'Turn off…', 'Cancel override']) await expect(panel.getByRole('button', { name, exact: true })).toBeVisible();
  // Pulse is offered only where the output is set to pulse.
  await expect(panel.getByRole('button', { name: /^Pulse/ })).toHaveCount(0);
  await expectAccessible(page, testInfo, 'output panel');

  const since = await lastEventSeq(host);
  await panel.getByRole('button', { name: 'Turn on…', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn on — Lobby siren' });
  await expect(dialog).toBeVisible();
  // onUntil is offered: the dialog gives the end-time choices beside the untimed one.
  await expect(dialog.getByRole('radio', { name: /^1 h/ })).toBeVisible();
  // Without an end time an output's override holds until cancelled: the dialog says so.
  await expect(dialog.getByRole('radio', { name: 'Until cancelled (or the next scheduled change)' })).toBeChecked();
  await keepScreenshot(page, testInfo, 'override-dialog-output');
  await dialog.getByRole('button', { name: /^Send turn on/ }).click();
  await expect(dialog).toBeHidden();
  expect(await overridesSince(host, since)).toEqual([expect.objectContaining({ collection: 'outputs', itemId: 'out-n-siren', command: 'on' })]);

  // The server took the override (it reports it) but not a closed relay: the tile must not say On.
  await expect(tile.locator('.headline, .rest').filter({ hasText: 'Overridden' }).first()).toBeVisible();
  expect(await tileWords(tile)).not.toContain('On');

  // Now the controller reports the relay: closed, so On (amber: an override is in effect).
  await patchOutput('out-n-siren', { relayStateUnknown: false });
  await expect.poll(() => tileWords(tile)).toContain('On');
  await expect(tile).toHaveAttribute('data-verdict', 'attention');
  await expect(panel.getByTestId('outcome')).toHaveText(/^Done — the output reports .*On/i);
  await keepScreenshot(page, testInfo, 'panel-output');

  // Cancel: back to Off, normal.
  await panel.getByRole('button', { name: 'Cancel override', exact: true }).click();
  await expect.poll(() => tileWords(tile)).toEqual(['Off']);
  await expect(tile).toHaveAttribute('data-verdict', 'normal');
});

test('an output switched off until a set time sends that end time; a gate relay pulses and ends by itself', async ({ page }) => {
  await openDesk(page, host);
  const fan = await findOutput(page, 'Lab fume extract fan');
  const panel = await openPanel(page, 'Lab fume extract fan');
  const since = await lastEventSeq(host);
  const pressedAt = Date.now();
  await panel.getByRole('button', { name: 'Turn off…', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn off — Lab fume extract fan' });
  await dialog.getByRole('radio', { name: /^1 h/ }).check();
  await dialog.getByRole('button', { name: /^Send turn off/ }).click();
  await expect(dialog).toBeHidden();
  const overrides = await overridesSince(host, since);
  expect(overrides).toEqual([expect.objectContaining({ collection: 'outputs', itemId: 'out-labs-extract', command: 'off' })]);
  expect(Math.abs(Date.parse(String(overrides[0]!.endTime)) - (pressedAt + 3_600_000))).toBeLessThan(120_000);
  await expect.poll(() => tileWords(fan)).toContain('Off');
  await panel.getByRole('button', { name: 'Cancel override', exact: true }).click();
  await expect.poll(() => tileWords(fan)).toContain('On');
  await page.keyboard.press('Escape');

  const gate = await findOutput(page, 'Loading dock gate relay');
  const gatePanel = await openPanel(page, 'Loading dock gate relay');
  await gatePanel.getByRole('button', { name: /^Pulse/ }).click();
  // On for its three seconds (pulsed), then off by itself, with no one pressing anything.
  await expect.poll(() => tileWords(gate)).toContain('Pulsed');
  await expect.poll(() => tileWords(gate), { timeout: 10_000 }).toEqual(['Off']);
});
