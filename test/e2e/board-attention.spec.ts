import { expect, test, type Locator } from '@playwright/test';
import { withoutAlarmLicence } from './alarms-support';
import { keepScreenshot, openDesk, tileOf } from './panels-support';
import { hostForTheseTests, setDoor, siteEvents } from './support/host';

// The strip as it is on a site without the alarm licence (RESTEvents): built from the items' status
// flags, acknowledged at this desk only. With it, the strip follows the server's alarms (alarms.spec.ts).
const host = hostForTheseTests([], withoutAlarmLicence);

test('a door free by schedule is amber on the board and not on the attention strip', async ({ page }) => {
  await openDesk(page, host);
  await expect(page.getByTestId('attention')).toHaveAttribute('data-source', 'status');
  // Lobby Main Entrance leads into the Main Lobby, which its schedule keeps free during the day. Its
  // tile, not its name: while the demo's controllers are still fetching statuses, the strip briefly
  // lists it as Unknown too.
  const tile = tileOf(page, 'Lobby Main Entrance');
  await expect(tile).toHaveAttribute('data-verdict', 'attention');
  await expect(tile).toContainText('Free');
  // Its word is not the strip's: a guard reading "Attention" on it would look for it there.
  await expect(tile.locator('.verdict')).toHaveText('Caution');
  await expect(page.getByTestId('attention')).toBeVisible();
  await expect(page.getByTestId('attention-entry').filter({ hasText: 'Lobby Main Entrance' })).toHaveCount(0);
  await expect(page.getByTestId('attention')).toContainText('Nothing needs action');
});

test('a forced door reaches the strip and is announced until acknowledged at the desk, which tells the server nothing', async ({ page }) => {
  await page.goto(host.url);
  await expect(page.getByTestId('attention')).toHaveAttribute('data-source', 'status');
  await expect(page.getByTestId('connection')).toHaveAttribute('data-phase', 'connected');
  const before = (await siteEvents(host)).length;

  await setDoor(host, 'd-n1-east', { open: true, forced: true });
  const entry = page.getByTestId('attention-entry').filter({ hasText: 'North L1 East Door' });
  await expect(entry).toHaveAttribute('data-unacknowledged', 'true');
  await expect(entry).toContainText('Forced');
  await expect(page.getByTestId('unacknowledged')).toHaveText('1 unacknowledged alarm');
  await expect(page.getByTestId('alarm-announcement')).toContainText('North L1 East Door');
  // It pulses on the page's beat: brighter, then not, then brighter.
  const filter = () => entry.evaluate((el) => getComputedStyle(el).filter);
  await expect.poll(filter).toBe('brightness(1.45)');
  await expect.poll(filter).toBe('none');
  await expect.poll(filter).toBe('brightness(1.45)');
  // The sound can be muted at this desk; the alarm stays announced on screen.
  await page.getByTestId('mute').click();
  await expect(page.getByTestId('mute')).toHaveAttribute('aria-pressed', 'true');
  await expect(entry).toHaveAttribute('data-unacknowledged', 'true');

  await entry.getByTestId('acknowledge').click();
  await expect(entry).toHaveAttribute('data-unacknowledged', 'false');
  await expect(page.getByTestId('unacknowledged')).toHaveText('');
  // Acknowledged, it no longer pulses: never brighter over two whole beats.
  const seen = new Set<string>();
  for (let i = 0; i < 13; i++, await page.waitForTimeout(100)) seen.add(await filter());
  expect([...seen]).toEqual(['none']);
  // Still forced, so still listed: acknowledging is not resolving.
  await expect(entry).toContainText('Forced');
  // Acknowledgement is local: nothing reached the server.
  const sent = (await siteEvents(host)).slice(before).filter((e) => e.type === 'override');
  expect(sent).toEqual([]);

  // Once the door is back to normal the acknowledgement lapses; the next forcing is announced again.
  await setDoor(host, 'd-n1-east', { open: false, forced: false });
  await expect(entry).toHaveCount(0);
  await setDoor(host, 'd-n1-east', { open: true, forced: true });
  await expect(entry).toHaveAttribute('data-unacknowledged', 'true');
  await setDoor(host, 'd-n1-east', { open: false, forced: false });
  await expect(entry).toHaveCount(0);
});

test('the strip keeps its height as the first alarm comes and the last goes, so the board below it stays put', async ({ page }) => {
  await page.goto(host.url);
  await expect(page.getByTestId('attention')).toHaveAttribute('data-source', 'status');
  await expect(page.getByTestId('connection')).toHaveAttribute('data-phase', 'connected');
  const strip = page.getByTestId('attention');
  await expect(strip).toContainText('Nothing needs action');
  const height = async () => (await strip.boundingBox())!.height;
  const boardTop = async () => (await page.getByRole('region', { name: 'Board' }).boundingBox())!.y;
  const calm = { height: await height(), boardTop: await boardTop() };

  await setDoor(host, 'd-n1-east', { open: true, forced: true });
  const entry = page.getByTestId('attention-entry').filter({ hasText: 'North L1 East Door' });
  await expect(entry).toHaveAttribute('data-unacknowledged', 'true');
  expect(await height()).toBeCloseTo(calm.height, 0);
  expect(await boardTop()).toBeCloseTo(calm.boardTop, 0);

  await setDoor(host, 'd-n1-east', { open: false, forced: false });
  await expect(entry).toHaveCount(0);
  expect(await height()).toBeCloseTo(calm.height, 0);
  expect(await boardTop()).toBeCloseTo(calm.boardTop, 0);
});

test('an alarm alone on the strip is named in full; two share the row, half each', async ({ page }, testInfo) => {
  await openDesk(page, host);
  await expect(page.getByTestId('attention')).toHaveAttribute('data-source', 'status');
  const strip = page.getByTestId('attention');
  const calmHeight = (await strip.boundingBox())!.height;
  /** Whether the entry's name or reason is cut short with an ellipsis. */
  const cut = (entry: Locator) => entry.locator('.name, .why').evaluateAll((lines) => lines.some((line) => line.scrollWidth > line.clientWidth));

  await setDoor(host, 'd-lobby-main', { open: true, forced: true });
  const lobby = page.getByTestId('attention-entry').filter({ hasText: 'Lobby Main Entrance' });
  await expect(lobby).toHaveAttribute('data-unacknowledged', 'true');
  expect(await cut(lobby)).toBe(false);
  await keepScreenshot(page, testInfo, 'strip-one-alarm');

  await setDoor(host, 'd-n1-east', { open: true, forced: true });
  const east = page.getByTestId('attention-entry').filter({ hasText: 'North L1 East Door' });
  await expect(east).toBeVisible();
  const [a, b] = [(await lobby.boundingBox())!, (await east.boundingBox())!];
  expect(Math.abs(a.y - b.y)).toBeLessThan(1);
  const row = (await strip.locator('ol').boundingBox())!.width;
  for (const entry of [a, b]) expect(entry.width).toBeLessThanOrEqual(row / 2);
  expect((await strip.boundingBox())!.height).toBeCloseTo(calmHeight, 0);
  await keepScreenshot(page, testInfo, 'strip-two-alarms');

  await setDoor(host, 'd-n1-east', { open: false, forced: false });
  await setDoor(host, 'd-lobby-main', { open: false, forced: false });
  await expect(page.getByTestId('attention-entry')).toHaveCount(0);
});
