import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openDeskSocket } from './support/desk-socket';
import { hostForTheseTests } from './support/host';
import { keepScreenshot, openDesk, openPanel } from './panels-support';
import { openScreen } from './support/navigation';

interface Door {
  href: string;
  id: string;
  name: string;
  group: string;
  kind: string;
}

const host = hostForTheseTests();
let doors: Door[];

test.beforeAll(async () => {
  const socket = await openDeskSocket(host.url);
  try {
    // The host answers before its desk has loaded the site: ask until the board has its doors.
    await expect
      .poll(async () => (doors = (await socket.call<{ items: Door[] }>('board.get')).items.filter((i) => i.kind === 'door')).length, { timeout: 20_000 })
      .toBeGreaterThan(3);
  } finally {
    socket.close();
  }
});

/** Raises an event at an item through the simulator's control API, as the site's hardware would. */
async function raise(source: Door, kind: string, message: string): Promise<void> {
  const res = await fetch(`${host.controlUrl}/alarms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind, source: source.id, message }),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
}

const row = (page: Page, text: string) => page.getByTestId('journal-row').filter({ hasText: text });

test('the journal shows events as the site raises them, newest first; filtered by item it shows that item\'s alone, live too; CSV export', async ({ page }, testInfo) => {
  const [a, b] = doors as [Door, Door];
  await openDesk(page, host);
  await openScreen(page, 'open-journal');
  await expect(page.getByTestId('journal-live')).toBeVisible();

  const stamp = Date.now().toString(36);
  await raise(a, 'accessGranted', `Granted at A ${stamp}`);
  await raise(b, 'accessDenied', `Denied at B ${stamp}`);
  // Live: no reload, the rows arrive through events.appended, the newest on top.
  await expect(row(page, `Denied at B ${stamp}`)).toBeVisible();
  await expect(row(page, `Granted at A ${stamp}`)).toBeVisible();
  const ids = await page.getByTestId('journal-row').evaluateAll((rows) => rows.slice(0, 2).map((r) => r.textContent ?? ''));
  expect(ids[0]).toContain(`Denied at B ${stamp}`);
  expect(ids[1]).toContain(`Granted at A ${stamp}`);
  await expect(row(page, `Denied at B ${stamp}`)).toHaveAttribute('data-item-href', b.href);

  // Filter by item: only A's events, from the server's own filter and then live.
  // The filters apply as they change: no button to forget, no controls that disagree with the table.
  await page.getByTestId('journal-item').fill(a.name);
  await expect(row(page, `Denied at B ${stamp}`)).toHaveCount(0);
  await expect(row(page, `Granted at A ${stamp}`)).toBeVisible();
  await raise(b, 'accessGranted', `Later at B ${stamp}`);
  await raise(a, 'accessDenied', `Later at A ${stamp}`);
  await expect(row(page, `Later at A ${stamp}`)).toBeVisible();
  await expect(row(page, `Later at B ${stamp}`)).toHaveCount(0);
  const hrefs = await page.getByTestId('journal-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-item-href')));
  expect(new Set(hrefs)).toEqual(new Set([a.href]));
  await keepScreenshot(page, testInfo, 'journal-filtered-by-item');

  // The export carries what the filter shows, oldest first, as the audit log's CSV does.
  const download = page.waitForEvent('download');
  await page.getByTestId('journal-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^gatehouse-events_.*\.csv$/);
  const csv = readFileSync((await file.path())!, 'utf8');
  expect(csv.startsWith('\uFEFFtime,priority,type,group,source,message')).toBe(true);
  expect(csv).toContain(`Granted at A ${stamp}`);
  expect(csv).toContain(`Later at A ${stamp}`);
  expect(csv).not.toContain(`at B ${stamp}`);
  expect(csv.indexOf(`Granted at A ${stamp}`)).toBeLessThan(csv.indexOf(`Later at A ${stamp}`));

  // Back to everything: both doors again.
  await page.getByTestId('journal-item').fill('');
  await expect(row(page, `Later at B ${stamp}`)).toBeVisible();
  await keepScreenshot(page, testInfo, 'journal');
});

test('an item panel lists the last events at that item and adds each new one as it happens', async ({ page }, testInfo) => {
  const door = doors[2]!;
  const stamp = Date.now().toString(36);
  for (let i = 1; i <= 3; i++) await raise(door, 'accessGranted', `Badge ${i} ${stamp}`);
  await raise(doors[3]!, 'accessGranted', `Elsewhere ${stamp}`);
  await openDesk(page, host);
  const panel = await openPanel(page, door.name);
  const recent = panel.getByTestId('recent-events');
  await expect(recent.getByTestId('recent-event').first()).toBeVisible();
  // Listed by the item's own events on the server, newest first, at most ten.
  const count = await recent.getByTestId('recent-event').count();
  expect(count).toBeGreaterThanOrEqual(3);
  expect(count).toBeLessThanOrEqual(10);
  await raise(door, 'doorOpenTooLong', `Held open ${stamp}`);
  await expect(recent.getByTestId('recent-event').first()).toContainText('Door open too long');
  await raise(doors[3]!, 'accessDenied', `Elsewhere again ${stamp}`);
  await raise(door, 'accessDenied', `Denied ${stamp}`);
  await expect(recent.getByTestId('recent-event').first()).toContainText('Card access denied');
  expect(await recent.getByTestId('recent-event').count()).toBeLessThanOrEqual(10);
  await recent.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'panel-recent-events');
});

test('5,000 events arriving live: the journal keeps at most 3,000 and draws only the rows on screen', async ({ page }, testInfo) => {
  await openDesk(page, host);
  await openScreen(page, 'open-journal');
  await expect(page.getByTestId('journal-live')).toBeVisible();
  const started = Date.now();
  const res = await fetch(`${host.controlUrl}/alarms/flood`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ count: 5_000, kind: 'accessGranted', source: doors[0]!.id, priority: 1 }),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  await expect(page.getByTestId('journal-count')).toHaveText(/^3,000 shown/, { timeout: 30_000 });
  const shownAfterMs = Date.now() - started;
  const drawn = await page.getByTestId('journal-row').count();
  expect(drawn).toBeLessThan(60);
  // Scrolled to the bottom, still only the rows on screen are drawn, and the board behind stays whole.
  await page.getByTestId('journal-rows').evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(page.getByTestId('journal-row').last()).toBeInViewport();
  expect(await page.getByTestId('journal-row').count()).toBeLessThan(60);
  testInfo.annotations.push({ type: 'measure', description: `5,000 live events: 3,000 kept and shown ${shownAfterMs} ms after the flood was asked; ${drawn} rows drawn` });
  await keepScreenshot(page, testInfo, 'journal-5000');
});

async function faults(body?: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${host.controlUrl}/faults`, { method: body ? 'PUT' : 'DELETE', headers: { 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : null });
  expect(res.status).toBeLessThan(300);
}

test('while the server is unreachable the journal stays, marked not live with its age; what happened meanwhile arrives once it is back', async ({ page }, testInfo) => {
  const door = doors[1]!;
  const stamp = Date.now().toString(36);
  await openDesk(page, host);
  await openScreen(page, 'open-journal');
  await raise(door, 'accessGranted', `Before ${stamp}`);
  await expect(row(page, `Before ${stamp}`)).toBeVisible();
  await faults({ dropRequests: {} });
  try {
    await expect(page.getByTestId('journal-stale')).toContainText(/Not live: as of \d\d:\d\d:\d\d/, { timeout: 20_000 });
    await expect(row(page, `Before ${stamp}`)).toBeVisible();
    await raise(door, 'accessDenied', `During ${stamp}`);
    await keepScreenshot(page, testInfo, 'journal-not-live');
  } finally {
    await faults();
  }
  await expect(page.getByTestId('journal-live')).toBeVisible({ timeout: 30_000 });
  await expect(row(page, `During ${stamp}`)).toBeVisible({ timeout: 15_000 });
  await expect(row(page, `During ${stamp}`)).toHaveCount(1);
});
