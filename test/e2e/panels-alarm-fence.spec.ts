import { expect, test } from '@playwright/test';
import { hostForTheseTests } from './support/host';
import { keepScreenshot, lastEventSeq, openDesk, openPanel, overridesSince, tileOf } from './panels-support';

const host = hostForTheseTests();

// cc_rest.yaml: /api/alarm_zones/{id}/armHighVoltage and /armLowFeel, offered where a fence zone directs its events to
// the alarm zone (the demo's Perimeter, with the East Fence); the command map names the state "Armed - Low Feel".
test('an alarm zone with a fence offers arming with the fence at low feel or high voltage, and the tile follows the server', async ({ page }, testInfo) => {
  await openDesk(page, host);
  const panel = await openPanel(page, 'Perimeter');
  await expect(panel.getByRole('button', { name: 'Arm, fence high voltage…', exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Arm, fence low feel…', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Arm, fence low feel — Perimeter' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: 'Until the next scheduled change' }).check();
  await keepScreenshot(page, testInfo, 'override-arm-low-feel');

  const since = await lastEventSeq(host);
  await dialog.getByRole('button', { name: /^Send / }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByTestId('outcome')).toHaveText(/^Done/);
  expect(await overridesSince(host, since)).toEqual([expect.objectContaining({ collection: 'alarm_zones', itemId: 'alz-perimeter', command: 'armLowFeel' })]);
  await expect(tileOf(page, 'Perimeter')).toContainText(/Armed/i);
  await keepScreenshot(page, testInfo, 'panel-alarm-zone-fence');
});

test('an alarm zone without a fence offers no fence modes', async ({ page }) => {
  await openDesk(page, host);
  const panel = await openPanel(page, 'North Building Intruder');
  await expect(panel.getByRole('button', { name: /^Arm/ }).first()).toBeVisible();
  await expect(panel.getByRole('button', { name: /fence/i })).toHaveCount(0);
});
