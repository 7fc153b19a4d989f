import { expect, test, type Page } from '@playwright/test';
import { generateSite } from '../../electron/simulator/site/generate';
import { withoutAlarmLicence } from './alarms-support';
import { keepScreenshot, openDesk } from './panels-support';
import { hostForTheseTests, setDoor } from './support/host';

// Issue 34: on a large site nearly every door is off screen (the board renders only the tiles on
// screen), and the attention strip with its counts is where the page names a forced door.
const ITEMS = 2_000;
const site = generateSite({ items: ITEMS });
const doors = (site.doors ?? []).map((d) => ({ id: String(d.id), name: String(d.name) }));

// The status-derived strip's pacing: a site without RESTEvents (with it the strip follows the server's alarms).
const host = hostForTheseTests(['--demo-items', String(ITEMS)], withoutAlarmLicence);

/** The strip's count of what needs attention, from "(N)". */
async function attentionCount(page: Page): Promise<number> {
  return Number(/\((\d+)\)/.exec((await page.getByTestId('attention-count').textContent()) ?? '')?.[1]);
}

test('a forced door whose tile is not on screen is named on the strip and counted, and leaves both when it is shut', async ({ page }, testInfo) => {
  await openDesk(page, host);
  await expect(page.getByTestId('attention')).toHaveAttribute('data-source', 'status', { timeout: 30_000 });
  // Every item live with a status: the count no longer moves by itself (the demo's scenario is off).
  await expect(page.getByTestId('tile').first()).toBeVisible();
  await expect.poll(() => page.getByText(/Unknown|Not heard/).count(), { timeout: 30_000 }).toBe(0);
  const before = await attentionCount(page);
  const text = (await page.locator('body').textContent()) ?? '';
  // The last doors of the generated site are on the last floors, far below the first screen.
  const [first, second] = doors.filter((d) => !text.includes(d.name)).slice(-2);
  expect(first && second, 'two doors of the site are not on the page').toBeTruthy();

  await setDoor(host, first!.id, { open: true, forced: true });
  const entry = page.getByTestId('attention-entry').filter({ hasText: first!.name });
  await expect(entry).toContainText('Forced');
  await expect(entry).toHaveAttribute('data-unacknowledged', 'true');
  await expect(page.getByTestId('attention-count')).toHaveText(`(${before + 1})`);
  await expect(page.getByTestId('unacknowledged')).toHaveText('1 unacknowledged alarm');
  // Named by the strip alone: its tile is still not rendered.
  await expect(page.getByTestId('tile').filter({ hasText: first!.name })).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'strip-off-screen-alarm');

  // One alarm clears as the next comes: the new one is listed and counted, the cleared one goes.
  await setDoor(host, first!.id, { open: false, forced: false });
  await setDoor(host, second!.id, { open: true, forced: true });
  const next = page.getByTestId('attention-entry').filter({ hasText: second!.name });
  await expect(next).toContainText('Forced');
  await expect(entry).toHaveCount(0);
  await expect(page.getByTestId('attention-count')).toHaveText(`(${before + 1})`);
  await expect(page.getByTestId('unacknowledged')).toHaveText('1 unacknowledged alarm');

  await setDoor(host, second!.id, { open: false, forced: false });
  await expect(next).toHaveCount(0);
  await expect(page.getByTestId('attention-count')).toHaveText(`(${before})`);
  await expect(page.getByTestId('unacknowledged')).toHaveText('');
});
