import { expect, test } from '@playwright/test';
import type { CardholderSearchResult } from '../../shared/contract/directory';
import type { Operator } from '../../shared/contract/operators';
import { openDeskSocket } from './support/desk-socket';
import { hostForTheseTests } from './support/host';
import { expectAccessible, keepScreenshot, openDesk } from './panels-support';

// Overdue visitors on the board's attention strip, on the demo site: main follows the visits of the
// reception this desk chose and the strip names each visitor past their visit's end with their host
// and how long; the entry opens Reception, and choosing another reception changes whom it names.
test.describe.configure({ mode: 'serial' });
const host = hostForTheseTests();

test('the attention strip names the overdue visitor, their host and how long, and opens Reception', async ({ page }, testInfo) => {
  await openDesk(page, host);
  const strip = page.getByTestId('attention');
  const tom = strip.locator('[data-overdue-visitor="Tom Brennan"]');
  await expect(tom).toBeVisible();
  await expect(tom).toContainText(/Tom Brennan\s*Visitor overdue (29|30|31) min · host Oliver Grant/);
  await keepScreenshot(page, testInfo, 'overdue-visitor-strip-1280x800');
  await expectAccessible(page, testInfo, 'the board with an overdue visitor on the strip');

  await tom.getByRole('button').click();
  const reception = page.getByTestId('reception');
  await expect(reception).toBeVisible();
  await expect(reception.getByTestId('reception-overdue')).toContainText('Tom Brennan');

  // Another reception chosen at this desk: the strip follows it (its visits have nobody overdue).
  const choice = reception.getByTestId('reception-choice');
  await choice.selectOption({ label: 'South Goods Reception' });
  await reception.getByRole('button', { name: 'Close reception' }).click();
  await expect(strip.locator('[data-overdue-visitor]')).toHaveCount(0);
  // And back: the choice is the desk's (kept in main), so a page opened afresh shows the same.
  await page.reload();
  await expect(strip.locator('[data-overdue-visitor]')).toHaveCount(0);
  await page.getByTestId('nav-menu').click();
  await page.getByTestId('open-reception').click();
  await expect(reception.getByTestId('reception-choice').locator('option:checked')).toHaveText('South Goods Reception');
  await reception.getByTestId('reception-choice').selectOption({ label: 'North Lobby Reception' });
  await reception.getByRole('button', { name: 'Close reception' }).click();
  await expect(tom).toBeVisible();
});

test('while the desk is locked the strip counts the overdue visitor without naming them, and names them once someone signs in', async ({ page }, testInfo) => {
  const socket = await openDeskSocket(host.url);
  try {
    await openDesk(page, host);
    const strip = page.getByTestId('attention');
    await expect(strip.locator('[data-overdue-visitor="Tom Brennan"]')).toBeVisible();
    const found = await socket.call<CardholderSearchResult>('cardholders.search', { name: 'reyes' });
    const [supervisor] = await socket.call<Operator[]>('operators.add', { cardholder: found.matches[0], role: 'supervisor', linkCard: false, deskPin: '2468' });
    await socket.call('operator.signOut');
    await expect(page.getByTestId('lock-bar')).toBeVisible();
    const counted = strip.locator('[data-overdue-visitor=""]');
    await expect(counted).toContainText('1 overdue visitor');
    await expect(counted).toContainText('Sign in to see who');
    await expect(strip).not.toContainText('Tom Brennan');
    await keepScreenshot(page, testInfo, 'overdue-visitor-strip-locked-1280x800');
    await expectAccessible(page, testInfo, 'the board, locked, with an overdue visitor counted');

    await socket.call('operator.signInWithPin', { operatorId: supervisor!.id, pin: '2468' });
    await expect(strip.locator('[data-overdue-visitor="Tom Brennan"]')).toBeVisible();
    await expect(counted).toHaveCount(0);
  } finally {
    socket.close();
  }
});
