import { expect, test } from '@playwright/test';
import { openQueue, raiseAlarm, restoreAlarm, rowIds, rowOf, setFaults, withoutAlarmLicence } from './alarms-support';
import { expectAccessible, keepScreenshot, openDesk } from './panels-support';
import { hostForTheseTests } from './support/host';

// The demo site's server raises alarms through its control API; the desk follows them (core) and
// shows them in its queue. Kinds, notes and instructions are the demo site's (resources/demo-site.json
// "alarms"): a forced door needs a note and has presets and instructions; a door open too long does not.
// The steps build on one queue, so they run in order.
// The desk follows the server's alarms over long-polls: generous time on a busy machine, bounded here, not measured.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const host = hostForTheseTests();
const ids: Record<string, string> = {};

test('alarms raised at the server appear in the queue: the highest priority first, the longest waiting first within one', async ({ page }, testInfo) => {
  await openDesk(page, host);
  // cc_rest.yaml: Alarm.priority 0–9, 9 the highest. Raised one after another, so each is newer.
  ids.lowOld = await raiseAlarm(host, { kind: 'external', priority: 3, message: 'Loading bay intercom call' });
  ids.highOld = await raiseAlarm(host, { kind: 'external', priority: 9, message: 'Panic button pressed at reception' });
  ids.mid = await raiseAlarm(host, { kind: 'external', priority: 6, message: 'Server room temperature high' });
  ids.highNew = await raiseAlarm(host, { kind: 'external', priority: 9, message: 'Panic button pressed in the car park' });

  const button = page.getByTestId('open-alarms');
  await expect(button).toHaveText(/^Alarms \(4\)/);
  await expect(button).toHaveClass(/alarmed/);
  // The strip names the server's unacknowledged alarms, highest first, in place of what item flags suggest.
  const strip = page.getByTestId('attention');
  await expect(strip).toHaveAttribute('data-source', 'server');
  await expect(strip.getByTestId('attention-entry')).toHaveCount(4);
  await expect(strip.getByTestId('attention-entry').first()).toHaveAttribute('data-alarm-id', ids.highOld!);
  await expect(page.getByTestId('unacknowledged')).toHaveText('4 unacknowledged alarms');
  await expect(page.getByTestId('alarm-announcement')).toContainText('Panic button pressed');
  // Mute is for a while, never for good: the button says until when.
  await page.getByTestId('mute').click();
  await expect(page.getByTestId('mute')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('mute')).toContainText(/Muted until \d\d:\d\d/);
  await keepScreenshot(page, testInfo, 'alarm-strip');
  await page.getByTestId('mute').click();
  await expect(page.getByTestId('mute')).toHaveText('Mute for 5 min');

  const screen = await openQueue(page);
  await expect.poll(() => rowIds(screen)).toEqual([ids.highOld, ids.highNew, ids.mid, ids.lowOld]);
  // The age is live: it counts up from the desk's one clock.
  const age = rowOf(screen, ids.lowOld!).getByTestId('alarm-age');
  const first = (await age.textContent()) ?? '';
  await expect(age).not.toHaveText(first, { timeout: 5_000 });
  await keepScreenshot(page, testInfo, 'alarm-queue');
  await expectAccessible(page, testInfo, 'the alarm queue');
});

test('a note the server requires is asked for in a dialog; the detail shows instructions and history, and the door\'s panel is a click away', async ({ page }, testInfo) => {
  await openDesk(page, host);
  ids.forced = await raiseAlarm(host, { kind: 'forcedDoor', source: 'd-n1-east', message: 'Door forced open: North L1 East Door' });
  const screen = await openQueue(page);
  const row = rowOf(screen, ids.forced);
  await expect(row).toHaveAttribute('data-state', 'unacknowledged');
  await row.getByTestId('alarm-open').click();
  const detail = screen.getByTestId('alarm-detail');
  await expect(detail).toHaveAttribute('data-id', ids.forced);
  // Instructions: the server's page, sanitised in main, in a frame that runs nothing.
  const instructions = detail.getByTestId('alarm-instructions');
  await expect(instructions).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator('[data-testid="alarm-instructions"]').locator('body')).toContainText('Send the nearest guard to the door');

  // Mandatory notes: only acknowledgeWithComment is offered, so the button asks for the note.
  const acknowledge = detail.getByTestId('act-acknowledge');
  await expect(acknowledge).toHaveAttribute('data-note', 'required');
  // cc_rest.yaml: no process link while active; forceProcess only while active (the demo operator holds the privilege).
  await expect(detail.getByTestId('act-process')).toHaveCount(0);
  await expect(detail.getByTestId('act-forceProcess')).toBeVisible();
  await acknowledge.click();
  const dialog = page.getByTestId('note-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('note-send')).toBeDisabled();
  await dialog.getByTestId('note-preset').filter({ hasText: 'Guard sent to the door' }).click();
  await expect(dialog.getByTestId('note-text')).toHaveValue('Guard sent to the door');
  await expect(dialog.getByTestId('note-send')).toBeEnabled();
  // Esc in the note leaves the field and keeps the note; the dialog stays until the next Esc.
  await dialog.getByTestId('note-text').focus();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('note-text')).toHaveValue('Guard sent to the door');
  await keepScreenshot(page, testInfo, 'alarm-note-dialog');
  // Not the instructions' frame: it runs no script (sandboxed), so axe cannot be injected into it and waits.
  await expectAccessible(page, testInfo, 'the note dialog', ['[data-testid="alarm-instructions"]']);
  await dialog.getByTestId('note-send').click();
  await expect(dialog).toBeHidden();

  // The row changes when the server says so; the history has the note.
  await expect(row).toHaveAttribute('data-state', 'acknowledged');
  const ack = detail.getByTestId('alarm-history-entry').filter({ hasText: 'Acknowledged' });
  await expect(ack).toContainText('Guard sent to the door');
  await ack.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'alarm-detail');

  // The source door's panel, one click away, over the queue; Esc goes back to the queue.
  await detail.getByTestId('alarm-source').click();
  const panel = page.getByRole('dialog', { name: 'North L1 East Door' });
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(detail.getByTestId('alarm-source')).toBeFocused();

  // Restored at the door: now it can be processed, again with a required note (typed this time).
  await restoreAlarm(host, ids.forced);
  const process = detail.getByTestId('act-process');
  await expect(process).toHaveAttribute('data-note', 'required');
  await expect(detail.getByTestId('act-forceProcess')).toHaveCount(0);
  await process.click();
  await dialog.getByTestId('note-text').fill('Door closed and checked by J. Smith');
  await dialog.getByTestId('note-send').click();
  await expect(row).toHaveCount(0);
  await expect(screen.getByTestId('alarm-gone')).toBeVisible();
});

test('several alarms of one kind are chosen together (shift-click) and acknowledged, then processed, together', async ({ page }) => {
  await openDesk(page, host);
  const held = [];
  for (const door of ['d-lobby-side', 'd-n1-west', 'd-n2-stair']) held.push(await raiseAlarm(host, { kind: 'doorOpenTooLong', source: door, active: false }));
  const screen = await openQueue(page);
  for (const id of held) await expect(rowOf(screen, id)).toBeVisible();
  const order = await rowIds(screen);
  const [first, last] = [held[0]!, held[2]!].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  await rowOf(screen, first!).getByTestId('alarm-choose').click();
  await rowOf(screen, last!).getByTestId('alarm-choose').click({ modifiers: ['Shift'] });
  // The range takes the held-open doors only: the other kinds between them stay unticked.
  await expect(screen.getByTestId('alarm-chosen')).toContainText('3 chosen');
  for (const id of held) await expect(rowOf(screen, id).getByTestId('alarm-choose')).toBeChecked();
  await expect(rowOf(screen, ids.mid!).getByTestId('alarm-choose')).not.toBeChecked();

  const bar = screen.getByTestId('alarm-bar');
  await bar.getByTestId('act-acknowledge').click();
  for (const id of held) await expect(rowOf(screen, id)).toHaveAttribute('data-state', 'acknowledged');
  await bar.getByTestId('act-process').click();
  for (const id of held) await expect(rowOf(screen, id)).toHaveCount(0);
  await expect(screen.getByTestId('alarm-chosen')).toHaveCount(0);
});

test('not live: the queue is shown as of when the desk last heard, with its age, and actions are refused', async ({ page }, testInfo) => {
  await openDesk(page, host);
  const screen = await openQueue(page);
  await rowOf(screen, ids.mid!).getByTestId('alarm-open').click();
  const detail = screen.getByTestId('alarm-detail');
  await expect(detail.getByTestId('act-acknowledge')).toBeEnabled();

  await setFaults(host, { dropRequests: {} });
  const feed = screen.getByTestId('alarm-feed');
  await expect(feed).toHaveAttribute('data-feed', 'stale', { timeout: 30_000 });
  await expect(feed).toContainText(/as of \d\d:\d\d:\d\d \((just now|\d+ min ago)\)/);
  // The last-known queue stays, every action off with the reason; nothing is queued.
  await expect(rowOf(screen, ids.mid!)).toBeVisible();
  await expect(detail.getByTestId('act-acknowledge')).toBeDisabled();
  await expect(detail.getByTestId('alarm-actions-off')).toContainText('nothing is queued');
  await keepScreenshot(page, testInfo, 'alarm-queue-not-live');

  await setFaults(host, null);
  await expect(feed).toHaveCount(0, { timeout: 60_000 });
  await expect(detail.getByTestId('act-acknowledge')).toBeEnabled();
});

test('a site without the alarm licence: the queue says so, and the strip is the one built from item status', async ({ page }) => {
  await openDesk(page, host);
  await withoutAlarmLicence(host);
  // The desk sees the licence gone at its next heartbeat and full check.
  await expect(page.getByTestId('attention')).toHaveAttribute('data-source', 'status', { timeout: 30_000 });
  const screen = await openQueue(page);
  await expect(screen.getByTestId('alarm-feed')).toHaveAttribute('data-feed', 'unlicensed');
  await expect(screen.getByTestId('alarm-feed')).toContainText('no alarm licence (RESTEvents)');
  await expect(screen.getByTestId('alarm-row')).toHaveCount(0);
});
