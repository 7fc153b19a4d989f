import { expect, test } from '@playwright/test';
import type { CardholderSearchResult } from '../../shared/contract/directory';
import type { Operator } from '../../shared/contract/operators';
import { openQueue, raiseAlarm } from './alarms-support';
import { keepScreenshot, openDesk } from './panels-support';
import { deskSocketForTheseTests } from './support/desk-socket';
import { hostForTheseTests } from './support/host';
import { openScreen } from './support/navigation';
import { openSettings } from './support/settings-screen';

// Signed out is visible before anyone types: on a desk with a roster and nobody signed in, every control
// that acts is off with the reason and a way to sign in, on the alarm queue, enrolment and Settings.
// The demo site's own section says how to quiet its alarms and what the demo card's PIN is.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const host = hostForTheseTests();
const socket = deskSocketForTheseTests(host);
let supervisor: Operator;

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('signed out, the alarm actions are off before a note is typed, and the reason offers to sign in', async ({ page }, testInfo) => {
  await openDesk(page, host);
  await expect(page.getByTestId('connection')).toHaveAttribute('data-phase', 'connected');
  const found = await socket.call<CardholderSearchResult>('cardholders.search', { name: 'reyes' });
  const roster = await socket.call<Operator[]>('operators.add', { cardholder: found.matches[0], role: 'supervisor', linkCard: false, deskPin: '2468' });
  supervisor = roster[0]!;
  await socket.call('operator.signOut');
  await expect(page.getByTestId('lock-bar')).toBeVisible();
  // The demo card's PIN is written where a newcomer on the demo site looks first.
  await expect(page.getByTestId('lock-demo-pin')).toHaveText('Demo card PIN: 123456');

  await raiseAlarm(host, { kind: 'external', priority: 9, message: 'Panic button pressed at reception' });
  await raiseAlarm(host, { kind: 'tamper', priority: 5 });
  const queue = await openQueue(page);
  await queue.getByTestId('alarm-row').first().getByRole('checkbox').check();
  await expect(queue.getByTestId('act-acknowledge')).toBeDisabled();
  const reason = queue.getByTestId('alarm-actions-signed-out');
  await expect(reason).toContainText('Sign in to do this.');
  // Another kind ticked: the first is unticked, and the bar says so.
  await queue.getByTestId('alarm-row').nth(1).getByRole('checkbox').check();
  await expect(queue.getByTestId('alarm-choice-dropped')).toContainText('unticked: alarms of one kind are worked together');
  await keepScreenshot(page, testInfo, 'alarms-signed-out');

  // The offer opens the sign-in dialog over the queue; signing in turns the actions on, nothing lost.
  await reason.getByRole('button', { name: 'Sign in…' }).click();
  await expect(page.getByTestId('sign-in')).toBeVisible();
  await keepScreenshot(page, testInfo, 'alarms-sign-in-offered');
  await socket.call('operator.signInWithPin', { operatorId: supervisor.id, pin: '2468' });
  await expect(page.getByTestId('sign-in')).toBeHidden();
  await expect(queue.getByTestId('alarm-actions-signed-out')).toBeHidden();
  await expect(queue.getByTestId('alarm-row').nth(1).getByRole('checkbox')).toBeChecked();
  await socket.call('operator.signOut');
  await page.keyboard.press('Escape');
});

test('signed out, enrolment offers no read and no send, and Settings changes nothing until someone signs in', async ({ page }, testInfo) => {
  await openDesk(page, host);
  await openScreen(page, 'open-enrolment');
  const reader = page.getByTestId('enrolment-reader');
  await expect(reader.getByTestId('demo-card-pin')).toContainText('123456');
  await reader.getByRole('button', { name: 'Insert demo PIV card' }).click();
  await expect(reader.getByTestId('card-present')).toBeVisible();
  // A card put in while the desk is locked asks its holder's PIN first; this one is to be enrolled.
  await page.getByTestId('sign-in').getByRole('button', { name: /^Cancel/ }).click();
  await expect(page.getByTestId('sign-in')).toBeHidden();
  await expect(reader.getByRole('button', { name: 'Read card' })).toBeDisabled();
  await expect(reader.getByTestId('read-signed-out')).toContainText('Sign in to do this.');
  await keepScreenshot(page, testInfo, 'enrolment-signed-out');
  await reader.getByRole('button', { name: 'Remove card' }).click();
  await page.getByRole('button', { name: 'Close enrolment' }).click();

  const screen = await openSettings(page);
  await expect(screen.getByTestId('settings-server-signed-out')).toContainText('Sign in to do this.');
  await expect(screen.getByRole('button', { name: 'Fetch certificate' })).toBeDisabled();
  await expect(screen.getByLabel('Server address')).toBeDisabled();
  await keepScreenshot(page, testInfo, 'settings-signed-out');

  // The demo site's own section: its alarms quieted in one place, the demo card's PIN.
  const demo = screen.getByTestId('settings-demo');
  await demo.scrollIntoViewIfNeeded();
  await expect(demo.getByTestId('demo-alarms-night')).toBeChecked();
  await demo.getByTestId('demo-alarms-off').check();
  await expect(demo.getByTestId('demo-alarms-off')).toBeChecked();
  expect(await socket.call('demo.alarms')).toMatchObject({ onDemoSite: true, pace: 'off', perHour: 0 });
  await expect(demo.getByTestId('demo-card-pin')).toContainText('123456');
  await keepScreenshot(page, testInfo, 'settings-demo-site');
  const kiosk = screen.getByTestId('settings-kiosk');
  await kiosk.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'settings-kiosk-signed-out');
});

test('the audit log and the events journal write times as the desk does, and commands and alarm states in words', async ({ page }, testInfo) => {
  await openDesk(page, host);
  await socket.call('operator.signInWithPin', { operatorId: supervisor.id, pin: '2468' });
  const board = await socket.call<{ items: Array<{ href: string; kind: string; name: string }> }>('board.get');
  const zone = board.items.find((i) => i.name === 'North Level 1 Offices')!;
  const endTime = new Date(Date.now() + 3_600_000).toISOString();
  await socket.call('item.command', { href: zone.href, command: 'freeUntil', endTime });

  await openScreen(page, 'open-audit');
  const row = page.getByTestId('audit-row').filter({ hasText: zone.name }).first();
  await expect(row).toBeVisible();
  // A 24-hour time to the second, the month in words, no AM/PM; the command's label, its end in the desk's time.
  await expect(row.locator('td').nth(1)).toHaveText(/^\S+ \S+ \S+ \d\d:\d\d:\d\d$|^\d+ \S+ \d{4} \d\d:\d\d:\d\d$/);
  await expect(row).not.toContainText(/AM|PM|freeUntil|\d{4}-\d\d-\d\dT/);
  await expect(row).toContainText(/Free.* on .*until \S+ \S+ \S+ \d\d:\d\d/);
  // Its date fields take year-month-day and a 24-hour time, and say back what they understood in the desk's words.
  const from = page.getByLabel('From');
  await expect(from).toHaveAttribute('placeholder', '2026-11-29 06:00');
  await from.fill('2026-02-03 18:05');
  await expect(page.getByText(/^(3 Feb 2026|Feb 3, 2026) 18:05$/)).toBeVisible();
  await from.fill('');
  await keepScreenshot(page, testInfo, 'audit-log-times');
  await page.keyboard.press('Escape');

  await openScreen(page, 'open-journal');
  await expect(page.getByTestId('journal-row').first()).toBeVisible();
  await expect(page.getByTestId('journal-row').filter({ hasText: '(alarm ' })).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'journal');
});
