import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { withoutAlarmLicence } from './alarms-support';
import { expectAccessible, keepScreenshot, openDesk } from './panels-support';
import { floorSvg, pinOf, scriptSvg, showPlan, stripedPng } from './plans-support';
import { setDoor, startHost, type RunningHost } from './support/host';

// One desk on the demo site, kept across a restart: plans are imported, refused, placed on and watched
// live, then the host is stopped and started again on the same settings folder. The steps build on
// each other, so they run in order.
test.describe.configure({ mode: 'serial' });

const LEVEL_1 = 'Level 1 · North Lifts';
const LEVEL_2 = 'Level 2 · North Lifts';
const DOOR = 'Lobby Main Entrance';
const ZONE = 'Main Lobby';
let host: RunningHost;
let dataDir: string;

test.beforeAll(async () => {
  host = await startHost();
  dataDir = host.settingsDir;
  // The pins' pulse and the strip's local acknowledgement are the status-derived strip's: a site without RESTEvents.
  await withoutAlarmLicence(host);
});
test.afterAll(async () => {
  await host?.stop();
});

async function importFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer } | string) {
  await page.getByTestId('plan-file').setInputFiles(file);
}

test('plans are imported as SVG and PNG; a script-bearing SVG and a 50 MB file are refused in words', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await openDesk(page, host);
  // The focused floor's plan is one key away: V on one of its tiles.
  await page.getByRole('search', { name: 'Find items' }).getByRole('searchbox').fill(DOOR);
  await page.getByTestId('tile').first().focus();
  await page.keyboard.press('v');
  const screen = page.getByTestId('plan-screen');
  await expect(screen.getByRole('heading', { level: 2 })).toContainText(LEVEL_1);
  await expect(screen.getByTestId('view-plan')).toHaveAttribute('aria-pressed', 'true');
  // The demo site's own drawing until one is imported.
  await expect(screen.getByText('Demo drawing')).toBeVisible();
  await expect(screen.getByTestId('plan-pin').first()).toBeVisible();
  await keepScreenshot(page, testInfo, 'plan-demo-drawing');

  // Refused by main, whole: a drawing carrying a script is not a plan.
  await importFile(page, { name: 'tampered.svg', mimeType: 'image/svg+xml', buffer: scriptSvg() });
  await expect(page.getByTestId('plan-import-error')).toContainText(/Not imported: .*tampered\.svg.*<script>/);
  await expect(page.getByRole('alert').filter({ hasText: 'not imported' })).toContainText('tampered.svg');

  // Refused in the page before anything is sent (main would refuse it again).
  const huge = join(mkdtempSync(join(tmpdir(), 'gatehouse-plan-')), 'huge.png');
  writeFileSync(huge, Buffer.alloc(50 * 1024 * 1024, 0x89));
  await importFile(page, huge);
  await expect(page.getByTestId('plan-import-error')).toHaveText('Not imported: huge.png is 50.0 MB, and a plan may be at most 10 MB: nothing was sent');

  await importFile(page, { name: 'level-1.svg', mimeType: 'image/svg+xml', buffer: floorSvg('North Building, Level 1') });
  await expect(page.getByTestId('plan-import-status')).toHaveText(`level-1.svg is now the plan of ${LEVEL_1}.`);
  const drawing = screen.getByRole('img', { name: `Floor plan of ${LEVEL_1}` });
  await expect(drawing).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => drawing.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // Back to the tiles with the same key, then another floor's plan from its switch.
  await screen.getByRole('region', { name: /^Plan of/ }).focus();
  await page.keyboard.press('v');
  await expect(page.getByTestId('plan-screen')).toHaveCount(0);
  await page.getByRole('search', { name: 'Find items' }).getByRole('searchbox').fill('');
  const level2 = await showPlan(page, LEVEL_2);
  await importFile(page, { name: 'level-2.png', mimeType: 'image/png', buffer: stripedPng(320, 200) });
  await expect(page.getByTestId('plan-import-status')).toHaveText(`level-2.png is now the plan of ${LEVEL_2}.`);
  const png = level2.getByRole('img', { name: `Floor plan of ${LEVEL_2}` });
  await expect.poll(() => png.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
});

test('a door placed on the plan shows its live state: forced is red, says Forced, pulses, and opens its panel', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await openDesk(page, host);
  const screen = await showPlan(page, LEVEL_1);
  const viewport = screen.getByRole('region', { name: /^Plan of/ });

  // Taken off the plan (arranging, Delete on the pin): the door goes back to the list beside the plan.
  await screen.getByTestId('plan-arrange').click();
  await pinOf(page, DOOR).focus();
  await page.keyboard.press('Delete');
  await expect(pinOf(page, DOOR)).toHaveCount(0);
  const listed = screen.getByTestId('unplaced-item').filter({ hasText: DOOR });
  await expect(listed).toBeVisible();

  // Dragged from the list onto the plan.
  const box = (await viewport.boundingBox())!;
  const from = (await listed.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // A free spot of the drawing (the demo's pins are elsewhere).
  await page.mouse.move(box.x + box.width * 0.55, box.y + box.height * 0.62, { steps: 8 });
  await page.mouse.up();
  const pin = pinOf(page, DOOR);
  await expect(pin).toBeVisible();
  await expect(listed).toHaveCount(0);
  // The saved place is on the 1 % grid.
  const at = async (locator: typeof pin) => (await locator.getAttribute('data-at'))!.split(',').map(Number) as [number, number];
  const [x, y] = await at(pin);
  expect(Math.round(x * 100)).toBeCloseTo(x * 100, 6);
  expect(Math.round(y * 100)).toBeCloseTo(y * 100, 6);

  // Moved by dragging the pin itself.
  const pinBox = (await pin.boundingBox())!;
  await page.mouse.move(pinBox.x + pinBox.width / 2, pinBox.y + pinBox.height / 2);
  await page.mouse.down();
  await page.mouse.move(pinBox.x + pinBox.width / 2 + 120, pinBox.y + pinBox.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect.poll(async () => (await at(pin))[0]).toBeGreaterThan(x + 0.05);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // And by keyboard: off the plan, chosen in the list, placed at the centre, nudged with an arrow.
  const zonePin = pinOf(page, ZONE);
  await zonePin.focus();
  await page.keyboard.press('Delete');
  await expect(zonePin).toHaveCount(0);
  await screen.getByTestId('unplaced-item').filter({ hasText: ZONE }).click();
  await screen.getByTestId('place-at-centre').click();
  await expect(zonePin).toBeFocused();
  const [px, py] = await at(zonePin);
  await page.keyboard.press('ArrowRight');
  await expect(zonePin).toHaveAttribute('data-at', `${Math.round((px + 0.01) * 100) / 100},${py}`);
  await screen.getByTestId('plan-arrange').click();
  await expect(screen.getByTestId('plan-arrange')).toHaveAttribute('aria-pressed', 'false');

  // The server says forced: the pin turns the board's red, says so in words and pulses.
  await setDoor(host, 'd-lobby-main', { open: true, forced: true });
  await expect(pin).toHaveAttribute('data-verdict', 'alarm');
  await expect(pin).toHaveClass(/colour-red/);
  await expect(pin).toHaveAccessibleName(new RegExp(`^${DOOR}: Forced\\b`));
  await expect(pin).toContainText('Forced');
  await expect(pin).toHaveAttribute('data-pulse', 'true');
  // The ring around it comes and goes on the page's pulse beat.
  const ring = () => pin.evaluate((el) => getComputedStyle(el, '::after').visibility);
  await expect.poll(ring).toBe('visible');
  await expect.poll(ring).toBe('hidden');
  await expect.poll(ring).toBe('visible');
  // At least a finger's width, however small the drawing is drawn.
  const size = (await pin.boundingBox())!;
  expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(44);

  await keepScreenshot(page, testInfo, 'plan-live-forced');
  await expectAccessible(page, testInfo, 'the plan view with live pins');

  // Enter on the pin opens the item's panel, as on a tile; Esc comes back to the pin.
  await pin.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: DOOR });
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(pin).toBeFocused();
  // And a click does the same.
  await pin.click();
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');

  // Acknowledged at the desk: still red and Forced, no longer pulsing (the attention strip's rule).
  await page.getByTestId('attention-entry').filter({ hasText: DOOR }).getByTestId('acknowledge').click();
  await expect(pin).toHaveAttribute('data-pulse', 'false');
  expect(await pin.evaluate((el) => getComputedStyle(el, '::after').content)).toBe('none');
  await expect(pin).toHaveAttribute('data-verdict', 'alarm');

  // Zoom and pan: keys, the wheel, a drag; the pin moves with the drawing, not away from its place.
  const drawing = screen.getByRole('img', { name: `Floor plan of ${LEVEL_1}` });
  const left = async () => (await drawing.boundingBox())!.x;
  const pinOffset = async () => (await pin.boundingBox())!.x - (await left());
  await viewport.focus();
  await page.keyboard.press('+');
  await expect(viewport).toHaveAttribute('data-zoom', '1.25');
  const before = await left();
  await page.keyboard.press('ArrowRight');
  await expect.poll(left).toBeLessThan(before);
  await page.keyboard.press('0');
  await expect(viewport).toHaveAttribute('data-zoom', '1.00');
  const vp = (await viewport.boundingBox())!;
  const offsetAtFit = await pinOffset();
  await page.mouse.move(vp.x + vp.width / 2, vp.y + 40);
  await page.mouse.wheel(0, -300);
  await expect.poll(async () => Number(await viewport.getAttribute('data-zoom'))).toBeGreaterThan(1.9);
  expect(await pinOffset()).toBeGreaterThan(offsetAtFit * 1.5);
  const panned = await left();
  await page.mouse.move(vp.x + vp.width / 2, vp.y + 40);
  await page.mouse.down();
  await page.mouse.move(vp.x + vp.width / 2 - 150, vp.y + 40, { steps: 6 });
  await page.mouse.up();
  await expect.poll(left).toBeLessThan(panned - 100);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.keyboard.press('0');

  await setDoor(host, 'd-lobby-main', { open: false, forced: false });
  await expect(pin).not.toHaveAttribute('data-verdict', 'alarm');
});

test('after a restart of the host the plans and pins are where they were', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await openDesk(page, host);
  const before = await showPlan(page, LEVEL_1);
  await expect(pinOf(page, DOOR)).toBeVisible();
  const pins = await before.getByTestId('plan-pin').evaluateAll((els) => els.map((el) => `${el.getAttribute('aria-label')!.split(':')[0]} @ ${el.getAttribute('data-at')}`).sort());
  expect(pins.length).toBeGreaterThanOrEqual(2);

  await host.stop();
  host = await startHost([], {}, dataDir);
  await openDesk(page, host);
  const after = await showPlan(page, LEVEL_1);
  await expect(after.getByRole('img', { name: `Floor plan of ${LEVEL_1}` })).toHaveAttribute('src', /^blob:/);
  await expect(after.getByTestId('plan-pin')).toHaveCount(pins.length);
  const again = await after.getByTestId('plan-pin').evaluateAll((els) => els.map((el) => `${el.getAttribute('aria-label')!.split(':')[0]} @ ${el.getAttribute('data-at')}`).sort());
  expect(again).toEqual(pins);
  await keepScreenshot(page, testInfo, 'plan-after-restart');

  const level2 = await showPlanFromSwitch(page);
  const png = level2.getByRole('img', { name: `Floor plan of ${LEVEL_2}` });
  await expect.poll(() => png.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);

  // The site's plans saved as one backup file; a plan removed (asked first) comes back from it.
  await level2.getByTestId('plan-file-tools').locator('summary').click();
  const download = page.waitForEvent('download');
  await level2.getByTestId('plans-export').click();
  const backup = testInfo.outputPath('plans-backup.json');
  await (await download).saveAs(backup);
  await level2.getByTestId('plan-remove').click();
  await level2.getByTestId('plan-remove-confirm').click();
  await expect(level2.getByTestId('plan-empty')).toContainText(`${LEVEL_2} has no plan yet.`);
  await level2.getByTestId('plan-empty').locator('input[type="file"][aria-label="Plans backup file"]').setInputFiles(backup);
  await level2.getByTestId('plans-restore-confirm').click();
  await expect(level2.getByTestId('plans-backup-status')).toHaveText(/^Restored \d+ plans and \d+ pins from plans-backup\.json\.$/);
  await expect.poll(() => png.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
});

/** From one plan to the board and to another floor's plan. */
async function showPlanFromSwitch(page: Page) {
  await page.getByTestId('plan-screen').getByTestId('view-tiles').click();
  return showPlan(page, LEVEL_2);
}

test('two fingers pinch the plan larger on a touch screen', async ({ browser }) => {
  const context = await browser.newContext({ hasTouch: true, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await openDesk(page, host);
    const screen = await showPlan(page, LEVEL_1);
    const viewport = screen.getByRole('region', { name: /^Plan of/ });
    const box = (await viewport.boundingBox())!;
    const y = box.y + box.height / 2;
    const x = box.x + box.width / 2;
    // Touch input as the screen's driver sends it: two points moving apart.
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', spread: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x: x - spread, y, id: 1 }, { x: x + spread, y, id: 2 }],
      });
    await touch('touchStart', 40);
    for (const spread of [60, 80, 100, 120]) await touch('touchMove', spread);
    await touch('touchEnd', 0);
    await expect.poll(async () => Number(await viewport.getAttribute('data-zoom'))).toBeGreaterThan(2.5);
  } finally {
    await context.close();
  }
});
