import { expect, test, type Page } from '@playwright/test';
import { keepScreenshot, lastEventSeq, openDesk, openPanel, overridesSince } from './panels-support';
import { openDeskSocket, type DeskSocket } from './support/desk-socket';
import { hostForTheseTests, type RunningHost } from './support/host';
import { openScreen } from './support/navigation';

// Who is at the desk (renderer/src/operators/, electron/core/operators/): the roster in Settings, the
// lock, signing in, and overrides sent as the signed-in operator.

interface Match {
  href: string;
  id: string;
  name: string;
}

async function cardholder(socket: DeskSocket, name: string): Promise<Match> {
  const found = await socket.call<{ matches: Match[] }>('cardholders.search', { name: name.split(' ').at(-1)!.toLowerCase() });
  const match = found.matches.find((m) => m.name === name);
  if (!match) throw new Error(`the demo site has no cardholder named ${name}`);
  return match;
}

/**
 * A demo card in the reader, linked to Oliver Grant as the supervisor (with a desk PIN if given), and
 * nobody signed in: the desk waits at its lock for a card sign-in. The demo issuer's card has the PIN
 * 123456 (electron/simulator/piv-card/card-profile.ts DEFAULT_PIN).
 */
async function supervisorCardInReader(host: RunningHost, deskPin?: string): Promise<void> {
  const socket = await openDeskSocket(host.url);
  try {
    await socket.call('enrolment.demoCard', { action: 'piv' });
    const oliver = await cardholder(socket, 'Oliver Grant');
    await socket.call('operators.add', { cardholder: oliver, role: 'supervisor', linkCard: true, ...(deskPin ? { deskPin } : {}) });
    await socket.call('operator.signOut');
  } finally {
    socket.close();
  }
}

async function addOperatorInSettings(page: Page, name: string, deskPin: string): Promise<void> {
  await openScreen(page, 'open-settings');
  const section = page.getByTestId('settings-operators');
  await section.scrollIntoViewIfNeeded();
  const picker = section.getByTestId('operator-cardholder');
  await picker.getByRole('combobox').fill(name.split(' ')[1]!.toLowerCase());
  await picker.getByRole('option', { name: new RegExp(name) }).click();
  await section.getByTestId('operator-link-card').uncheck();
  await section.getByTestId('operator-desk-pin').fill(deskPin);
  await section.getByTestId('operator-add').click();
  await expect(section.getByTestId('roster-row').filter({ hasText: name })).toBeVisible();
}

test.describe('operators, sign-in and the lock', () => {
  test.describe.configure({ mode: 'serial' });
  const host = hostForTheseTests();

  test('the first operator added in Settings is the supervisor and signed in; signed out, the board is read-only and main refuses commands', async ({ page }, testInfo) => {
    await openDesk(page, host);
    await expect(page.getByTestId('operator-none')).toHaveText('Anyone can act (no operators)');
    await addOperatorInSettings(page, 'Oliver Grant', '2468');
    const roster = page.getByTestId('settings-operators');
    await expect(roster.getByTestId('roster-row')).toHaveText([/Oliver Grant\s*Supervisor\s*Desk PIN/]);
    await keepScreenshot(page, testInfo, 'operators-roster');
    await page.getByRole('button', { name: 'Close settings' }).click();
    await expect(page.getByTestId('operator-name')).toHaveText('Oliver Grant\u00a0· supervisor');

    await page.getByTestId('sign-out').click();
    await expect(page.getByTestId('lock-bar')).toContainText('Signed out. The board is read-only: sign in to act.');
    await keepScreenshot(page, testInfo, 'operators-locked-board');
    const panel = await openPanel(page, 'Plant Room Door');
    await expect(panel.getByTestId('commands-locked')).toBeVisible();
    // Every command is off before anything is chosen, and the reason offers to sign in over the panel.
    const buttons = panel.getByRole('region', { name: 'Commands' }).getByRole('button').filter({ hasNotText: 'Sign in…' });
    for (const button of await buttons.all()) await expect(button).toBeDisabled();
    await expect(panel.getByTestId('commands-locked-button')).toBeEnabled();
    await keepScreenshot(page, testInfo, 'operators-locked-panel');
    await page.keyboard.press('Escape');

    // Main refuses whoever asks, not only this page's buttons.
    const socket = await openDeskSocket(host.url);
    try {
      const board = await socket.call<{ items: Array<{ href: string; kind: string }> }>('board.get');
      const door = board.items.find((i) => i.kind === 'door')!;
      await expect(socket.call('item.command', { href: door.href, command: 'open' })).rejects.toThrow('Sign in to do this');
      await expect(socket.call('settings.deleteApiKey')).rejects.toThrow('Sign in to do this');
    } finally {
      socket.close();
    }
  });

  test('a wrong desk PIN is refused with the tries left; the right one signs in, and overrides go as the operator', async ({ page }, testInfo) => {
    await openDesk(page, host);
    await page.getByTestId('lock-sign-in').click();
    const dialog = page.getByTestId('sign-in');
    await dialog.getByTestId('sign-in-name').selectOption({ label: 'Oliver Grant' });
    await dialog.getByTestId('sign-in-desk-pin-field').fill('1111');
    await dialog.getByTestId('sign-in-desk-pin-submit').click();
    await expect(dialog.getByTestId('sign-in-pin-error')).toHaveText('The desk PIN is not right (2 tries left before a wait)');
    await keepScreenshot(page, testInfo, 'operators-sign-in-wrong-pin');
    await dialog.getByTestId('sign-in-desk-pin-field').fill('2468');
    await dialog.getByTestId('sign-in-desk-pin-submit').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('lock-bar')).toBeHidden();
    await expect(page.getByTestId('operator-name')).toHaveText('Oliver Grant\u00a0· supervisor');

    const socket = await openDeskSocket(host.url);
    const oliver = await cardholder(socket, 'Oliver Grant').finally(() => socket.close());
    const since = await lastEventSeq(host);
    const panel = await openPanel(page, 'Plant Room Door');
    await panel.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(panel.getByTestId('outcome')).toHaveText(/^Done/);
    await expect.poll(async () => (await overridesSince(host, since)).map((e) => e.requestedBy)).toEqual([oliver.id]);
    await page.keyboard.press('Escape');
    // A command that opens the dialog says who it goes as.
    const zone = await openPanel(page, 'Main Lobby');
    await zone.getByRole('button', { name: 'Set zone count…', exact: true }).click();
    await expect(page.getByTestId('dialog-sent-as')).toHaveText('Sent as Oliver Grant.');
    await keepScreenshot(page, testInfo, 'operators-override-sent-as');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');

    // The audit log names him.
    await openScreen(page, 'open-audit');
    await expect(page.getByTestId('audit-row').first().getByTestId('audit-operator')).toHaveText('Oliver Grant');
    // And the override he sent says it was requested by him, by name, not by his cardholder id.
    const sent = page.getByTestId('audit-row').filter({ hasText: 'Plant Room Door' }).first();
    await expect(sent).toContainText('requested by Oliver Grant');
    await expect(sent).not.toContainText(oliver.id);
  });
});

test.describe('the idle lock', () => {
  // A policy minute of one second: the idle lock of "1 minute" happens while the test watches.
  const host = hostForTheseTests(['--policy-minute', '1000']);

  test('the desk locks itself after the idle minutes, saying why', async ({ page }) => {
    // Connected first: the cardholder search asks the server.
    await openDesk(page, host);
    const socket = await openDeskSocket(host.url);
    try {
      const ada = await cardholder(socket, 'Hannah Grantham');
      await socket.call('operators.add', { cardholder: ada, role: 'supervisor', linkCard: false, deskPin: '1357' });
      await socket.call('operators.setPolicy', { idleLockMinutes: 12, cardStaysInReader: false, cardRemovedGraceSeconds: 5, deskPinFallback: true });
    } finally {
      socket.close();
    }
    await expect(page.getByTestId('operator-name')).toHaveText('Hannah Grantham\u00a0· supervisor');
    await expect(page.getByTestId('lock-bar')).toContainText('Locked after no one touched the desk for a while', { timeout: 25_000 });
    await expect(page.getByTestId('lock-sign-in')).toBeVisible();
    await expect(page.getByTestId('operator-name')).toBeHidden();
  });
});

test.describe('signing in with the demo card', () => {
  test.describe.configure({ mode: 'serial' });
  const host = hostForTheseTests();

  test('the linked card signs in with its PIN; a wrong PIN says the tries left; taking the card out locks; another card is not on the roster', async ({ page }, testInfo) => {
    await openDesk(page, host);
    await supervisorCardInReader(host);
    await page.getByTestId('lock-sign-in').click();
    const dialog = page.getByTestId('sign-in');
    await expect(dialog.getByTestId('sign-in-reader')).toContainText('Card in');
    await dialog.getByTestId('sign-in-card-pin').fill('000000');
    await dialog.getByTestId('sign-in-card-submit').click();
    await expect(dialog.getByTestId('sign-in-error')).toHaveText(/^Wrong PIN: 4 tries left/);
    await dialog.getByTestId('sign-in-card-pin').fill('123456');
    await keepScreenshot(page, testInfo, 'operators-sign-in-demo-card');
    await dialog.getByTestId('sign-in-card-submit').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('operator-name')).toHaveText('Oliver Grant\u00a0· supervisor');

    // The card stays in the reader: taking it out locks the desk, saying so.
    const again = await openDeskSocket(host.url);
    try {
      await again.call('operators.setPolicy', { idleLockMinutes: 15, cardStaysInReader: true, cardRemovedGraceSeconds: 0, deskPinFallback: true });
      await again.call('enrolment.demoCard', { action: 'remove' });
      await expect(page.getByTestId('lock-bar')).toContainText('Locked: the card was taken out of the reader');
      // Another card (each demo insert is a new card) put in while locked asks for its PIN at once,
      // and is refused because it is not on the roster.
      await again.call('enrolment.demoCard', { action: 'piv' });
    } finally {
      again.close();
    }
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('sign-in-card-pin').fill('123456');
    await dialog.getByTestId('sign-in-card-submit').click();
    await expect(dialog.getByTestId('sign-in-error')).toHaveText(/^This card is not on this desk’s roster \(PIV · agency/);
  });
});

test.describe('refused sign-ins at the desk', () => {
  const host = hostForTheseTests();

  test('a card’s PIN tries are held back, repeated refusals show a notice, and the supervisor finds them in the audit log', async ({ page }, testInfo) => {
    await openDesk(page, host);
    await supervisorCardInReader(host, '2468');
    await page.getByTestId('lock-sign-in').click();
    const dialog = page.getByTestId('sign-in');
    const tryPin = async (pin: string) => {
      await dialog.getByTestId('sign-in-card-pin').fill(pin);
      await dialog.getByTestId('sign-in-card-submit').click();
    };
    await tryPin('000000');
    await expect(dialog.getByTestId('sign-in-error')).toHaveText(/^Wrong PIN: 4 tries left/);
    await tryPin('000001');
    await expect(dialog.getByTestId('sign-in-error')).toHaveText(/^Wrong PIN: 3 tries left/);
    // The third try is not sent to the card: only a person can take it out and put it back.
    await tryPin('123456');
    await expect(dialog.getByTestId('sign-in-error')).toHaveText('2 wrong PINs were tried with this card: take it out of the reader and put it back to try again');
    await expect(page.getByTestId('refusal-notice')).toContainText('3 refused sign-ins at this desk');
    await keepScreenshot(page, testInfo, 'operators-refusals-held-back');

    // The supervisor signs in with the desk PIN, and finds each refusal with its reason and card.
    await dialog.getByTestId('sign-in-desk-pin-field').fill('2468');
    await dialog.getByTestId('sign-in-desk-pin-submit').click();
    await expect(dialog).toBeHidden();
    await openScreen(page, 'open-audit');
    await page.getByTestId('audit-refused-sign-ins').click();
    const rows = page.getByTestId('audit-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText('PIN held back by the desk');
    await expect(rows.nth(1)).toContainText('wrong card PIN');
    await expect(rows.nth(1)).toContainText('CN=Demo PIV cardholder');
    await keepScreenshot(page, testInfo, 'operators-refusals-audit');
    await page.keyboard.press('Escape');

    // What pulling the card does, said plainly where the policy is set.
    await openScreen(page, 'open-settings');
    const policy = page.getByTestId('operators-policy');
    await policy.scrollIntoViewIfNeeded();
    await expect(policy.getByTestId('policy-card-stays')).toBeChecked();
    await expect(policy.getByTestId('policy-card-words')).toHaveText(
      'Pulling the card: the desk locks if the same card is not back in the reader within 5 s; any other card put in meanwhile locks it at once.',
    );
    await keepScreenshot(page, testInfo, 'operators-policy-card-words');
    await page.keyboard.press('Escape');

    await page.getByTestId('refusal-seen').click();
    await expect(page.getByTestId('refusal-notice')).toBeHidden();
  });
});

test.describe('linking a card that is someone else’s', () => {
  const host = hostForTheseTests();

  test('the card in the reader enrolled to another cardholder is named, from this desk’s enrolments and from the server, before it is linked', async ({ page }, testInfo) => {
    await openDesk(page, host);
    const socket = await openDeskSocket(host.url);
    try {
      // The demo card enrolled to Oliver Grant, and still in the reader.
      await socket.call('enrolment.demoCard', { action: 'piv' });
      const read = await socket.call<{ readId: string }>('enrolment.readCard', {});
      const oliver = await cardholder(socket, 'Oliver Grant');
      const enrolled = await socket.call<{ item: { state: string } }>('enrolment.enrol', { readId: read.readId, cardholder: { kind: 'existing', href: oliver.href, name: oliver.name }, status: 'active' });
      expect(enrolled.item.state).toBe('sent');
    } finally {
      socket.close();
    }
    await openScreen(page, 'open-settings');
    const section = page.getByTestId('settings-operators');
    await section.scrollIntoViewIfNeeded();
    const picker = section.getByTestId('operator-cardholder');
    await picker.getByRole('combobox').fill('reyes');
    await picker.getByRole('option', { name: /Morgan Reyes/ }).click();
    await expect(section.getByTestId('operator-link-card')).toBeChecked();
    await section.getByTestId('operator-add').click();
    const warning = section.getByTestId('link-card-warning');
    await expect(warning).toContainText('belongs to someone else');
    await expect(warning).toContainText('Linking it would let it sign in as Morgan Reyes');
    await expect(warning.getByTestId('link-card-holder')).toHaveText([
      "The server has this card on Oliver Grant's record.",
      /^This desk enrolled it to Oliver Grant \(existing cardholder\) on \d\d:\d\d \(sent\)\.$/,
    ]);
    await keepScreenshot(page, testInfo, 'operators-link-card-held');
    await warning.getByRole('button', { name: 'Do not link' }).click(); // adds nobody
    await expect(warning).toBeHidden();
    await expect(section.getByTestId('roster-row')).toHaveCount(0);
  });
});
