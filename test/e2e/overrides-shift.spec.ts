import { expect, test, type Page } from '@playwright/test';
import type { CardholderSearchResult } from '../../shared/contract/directory';
import type { Operator, OperatorSession } from '../../shared/contract/operators';
import type { AuditPage } from '../../shared/contract/audit';
import { expectAccessible, keepScreenshot, lastEventSeq, openDesk, openPanel, overridesSince } from './panels-support';
import { deskSocketForTheseTests } from './support/desk-socket';
import { hostForTheseTests } from './support/host';
import { raiseAlarm } from './alarms-support';
import { openScreen } from './support/navigation';

// Active overrides and the shift handover, on the demo site through the browser host. The roster and the
// next operator's desk-PIN sign-in go through the contract (the sign-in screen is tested on its own); what
// this spec is about goes through the page: the overrides view, Cancel, End shift and the handover.

const host = hostForTheseTests();
const socket = deskSocketForTheseTests(host);


async function addOperator(name: string, role: 'supervisor' | 'operator', deskPin: string): Promise<Operator> {
  const found = await socket.call<CardholderSearchResult>('cardholders.search', { name });
  const roster = await socket.call<Operator[]>('operators.add', { cardholder: found.matches[0], role, linkCard: false, deskPin });
  return roster.find((o) => o.cardholderId === found.matches[0]!.id)!;
}

/** Free for one hour on the zone, through its panel's override dialog, as a guard sends it. */
async function freeForAnHour(page: Page, zone: string): Promise<void> {
  const panel = await openPanel(page, zone);
  await panel.getByRole('button', { name: 'Free…', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Free — ${zone}` });
  await dialog.getByRole('radio', { name: /^1 h/ }).check();
  await dialog.getByRole('button', { name: /^Send free/ }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByTestId('outcome')).toHaveText(/^Done/);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
}

test('a timed override is listed with its time left and cancelled; the shift ends with its report and the next operator acknowledges it', async ({ page }, testInfo) => {
  // Morgan Reyes is the first operator (signed in as they are added); Alex Okafor takes over after.
  // The roster is set up through the socket once the desk is connected: the cardholder search asks the server.
  await openDesk(page, host);
  await expect(page.getByTestId('connection')).toHaveAttribute('data-phase', 'connected');
  await addOperator('reyes', 'supervisor', '2468');
  const next = await addOperator('okafor', 'operator', '1357');
  await expect(page.getByTestId('open-overrides')).toHaveText('Overrides (0)');

  await freeForAnHour(page, 'North Level 1 Offices');
  await expect(page.getByTestId('open-overrides')).toHaveText('Overrides (1)');
  await openScreen(page, 'open-overrides');
  const view = page.getByRole('dialog', { name: 'Overrides sent from this desk' });
  const row = view.getByTestId('override-row').filter({ hasText: 'North Level 1 Offices' });
  await expect(row).toHaveAttribute('data-state', 'running');
  await expect(row).toContainText('Free');
  await expect(row).toContainText('Morgan Reyes');
  // An hour, to the minute the server rounds to, counting down by the second.
  const left = row.getByTestId('time-left');
  await expect(left).toHaveText(/^(59 min \d\d s|1 h 00 min)$/);
  const first = await left.textContent();
  await expect(left).not.toHaveText(first!, { timeout: 5_000 });
  await keepScreenshot(page, testInfo, 'active-overrides');
  await expectAccessible(page, testInfo, 'active overrides');

  // Cancel asks first, then sends the zone's own cancel command, once.
  const since = await lastEventSeq(host);
  await row.getByRole('button', { name: 'Cancel…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel this override?' });
  await expect(confirm).toContainText('Free on North Level 1 Offices');
  await confirm.getByRole('button', { name: 'Cancel the override' }).click();
  await expect(row).toHaveAttribute('data-state', 'cancelled');
  await expect(row).toContainText('Cancelled by Morgan Reyes');
  expect(await overridesSince(host, since)).toEqual([expect.objectContaining({ collection: 'access_zones', itemId: 'az-n1', command: 'cancel' })]);
  await expect(page.getByTestId('open-overrides')).toHaveText('Overrides (0)');
  await page.keyboard.press('Escape');
  await expect(view).toBeHidden();

  // One more, left running for the next operator.
  await freeForAnHour(page, 'North Level 1 Offices');
  await expect(page.getByTestId('open-overrides')).toHaveText('Overrides (1)');

  // Two of the server's alarms nobody has worked: the handover carries them, first.
  await raiseAlarm(host, { kind: 'external', priority: 4, message: 'Loading bay intercom call' });
  await raiseAlarm(host, { kind: 'external', priority: 9, message: 'Panic button pressed at reception' });
  await expect(page.getByTestId('open-alarms')).toHaveText(/^Alarms \(2\)/);

  await openScreen(page, 'open-end-shift');
  const end = page.getByRole('dialog', { name: 'End shift' });
  const report = end.getByTestId('shift-report');
  await expect(report).toContainText('Morgan Reyes');
  await expect(report.getByTestId('shift-running')).toContainText('Overrides still running (1)');
  await expect(report.getByTestId('shift-running')).toContainText('Free on North Level 1 Offices');
  await expect(report.getByTestId('shift-section').filter({ hasText: 'Overrides sent' })).toContainText('Overrides sent (3)');
  await end.getByRole('button', { name: 'End shift…' }).click();
  await end.getByRole('button', { name: 'End my shift' }).click();
  await expect(end).toBeHidden();
  // Locked: nobody is signed in, so there is no shift to end until the next operator signs in.
  await expect(page.getByTestId('open-end-shift')).toHaveCount(0);
  const locked = await socket.call<OperatorSession>('operator.session');
  expect(locked).toMatchObject({ locked: 'shiftEnded', handoverPending: expect.any(String) });
  expect(locked.operator).toBeUndefined();

  await socket.call('operator.signInWithPin', { operatorId: next.id, pin: '1357' });
  const handover = page.getByRole('dialog', { name: 'Shift handover' });
  await expect(handover).toBeVisible();
  await expect(handover).toContainText('Morgan Reyes ended their shift');
  await expect(handover.getByTestId('shift-running')).toContainText('Free on North Level 1 Offices');
  // The queue comes first, the highest priority first, each with how long it had waited.
  const open = handover.getByTestId('shift-open-alarms');
  await expect(open).toContainText('Alarms still open (2)');
  await expect(open).toContainText('2 not acknowledged: take these first.');
  await expect(open.getByTestId('shift-open-alarm').first()).toContainText(/priority 9, not acknowledged, waiting (under a minute|\d+ min) at the end of the shift/);
  expect(await handover.locator('section').first().getAttribute('data-testid')).toBe('shift-open-alarms');
  await keepScreenshot(page, testInfo, 'handover');
  await expectAccessible(page, testInfo, 'handover');
  await page.emulateMedia({ media: 'print' });
  await expect(handover.getByTestId('handover-acknowledge')).toBeHidden();
  await keepScreenshot(page, testInfo, 'handover-print');
  await page.emulateMedia({ media: 'screen' });

  const download = page.waitForEvent('download');
  await handover.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^gatehouse-shift_Morgan-Reyes_.*\.csv$/);

  await handover.getByRole('button', { name: 'I have read this' }).click();
  await expect(handover).toBeHidden();
  await expect(page.getByTestId('open-end-shift')).toHaveCount(1);
  const acknowledged = await socket.call<AuditPage>('audit.list', { kinds: ['shift.acknowledged'] });
  expect(acknowledged.entries[0]?.action).toMatchObject({ kind: 'shift.acknowledged', endedBy: 'Morgan Reyes', acknowledgedBy: 'Alex Okafor', report: locked.handoverPending });
  expect((await socket.call<OperatorSession>('operator.session')).handoverPending).toBeUndefined();
});
