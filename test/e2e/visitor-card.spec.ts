import { expect, test, type Locator } from '@playwright/test';
import { expectAccessible, keepScreenshot, openDesk } from './panels-support';
import { openDeskSocket } from './support/desk-socket';
import { hostForTheseTests } from './support/host';
import { openScreen } from './support/navigation';

// A visitor's card at reception and the card check from the reader, on the demo site: the demo reader's
// virtual PIV cards are named by their certificates through the same code as sign-in, and each insert
// is a new card. A card is lent (typed or read), refused in words, collected at sign-out and audited
// with the operator.
test.describe.configure({ mode: 'serial' });
const host = hostForTheseTests();

async function demoCard(action: 'piv' | 'remove'): Promise<void> {
  const socket = await openDeskSocket(host.url);
  try {
    await socket.call('enrolment.demoCard', { action });
  } finally {
    socket.close();
  }
}

/**
 * The reader pressed with the demo reader empty, then again with a PIV card in: the first is refused
 * in words, the second fills in the card's number as its certificate names it (32 digits), returned.
 */
async function readNoCardThenPiv(on: { read: Locator; refusal: Locator; said: Locator; number: Locator }, said: string): Promise<string> {
  await on.read.click();
  await expect(on.refusal).toHaveText('There is no card in the reader: put the card in, or type its number');
  await demoCard('piv');
  await on.read.click();
  await expect(on.said).toContainText(said);
  const number = await on.number.inputValue();
  expect(number).toMatch(/^\d{32}$/);
  return number;
}

test('a receptionist lends a visitor a card read from the reader, is told why a taken number is refused, and collects it at sign-out', async ({ page }, testInfo) => {
  await openDesk(page, host);
  // An operator at the desk (the first on the roster is signed in): the audit log names them.
  const socket = await openDeskSocket(host.url);
  try {
    const { matches } = await socket.call<{ matches: { href: string; id: string; name: string }[] }>('cardholders.search', { name: 'grant' });
    const oliver = matches.find((m) => m.name === 'Oliver Grant')!;
    await socket.call('operators.add', { cardholder: oliver, role: 'supervisor', linkCard: false, deskPin: '2468' });
  } finally {
    socket.close();
  }
  await expect(page.getByTestId('operator-name')).toHaveText('Oliver Grant\u00a0· supervisor');
  await openScreen(page, 'open-reception');
  const screen = page.getByTestId('reception');
  const jun = screen.getByTestId('visitor').filter({ hasText: 'Jun Nakamura' });
  await jun.getByRole('button', { name: 'Card: Jun Nakamura' }).click();
  const panel = screen.getByTestId('visitor-card');
  await expect(panel.getByTestId('visitor-card-type')).toHaveValue(/card_types/);
  await expect(panel.getByTestId('visitor-card-type').locator('option:checked')).toHaveText('Visitor Card');

  // A number another card already holds (Priya Raman's proximity card): refused, in words.
  await panel.getByTestId('visitor-card-type').selectOption({ label: 'Proximity Card' });
  await panel.getByTestId('visitor-card-number').fill('4104');
  await panel.getByTestId('visitor-card-issue').click();
  await expect(panel.getByTestId('visitor-card-error')).toHaveText(
    'Card not issued. Card 4104 is already given to someone else (a Proximity Card number is used once): take another card',
  );
  await keepScreenshot(page, testInfo, 'visitor-card-refused-1280x800');

  // Read from the reader: the card's number as its certificate names it.
  const number = await readNoCardThenPiv(
    { read: panel.getByTestId('visitor-card-read'), refusal: panel.getByTestId('visitor-card-error'), said: panel.getByTestId('visitor-card-said'), number: panel.getByTestId('visitor-card-number') },
    'Read PIV · agency',
  );
  await panel.getByTestId('visitor-card-type').selectOption({ label: 'Visitor Card' });
  await panel.getByTestId('visitor-card-issue').click();
  await expect(panel.getByTestId('visitor-card-said')).toContainText(`Visitor Card ${number} given to Jun Nakamura, valid until`);
  await expect(panel.getByTestId('visitor-card-held').filter({ hasText: number })).toContainText('Visitor Card');
  await keepScreenshot(page, testInfo, 'visitor-card-issued-1280x800');
  await expectAccessible(page, testInfo, "the visitor's card panel");
  await panel.getByTestId('visitor-card-close').click();

  // Signing out asks for the card back; collecting takes it off the visitor's record.
  await jun.getByRole('button', { name: 'Sign out: Jun Nakamura' }).click();
  await expect(jun).toHaveAttribute('data-state', 'departed');
  await expect(panel.getByRole('heading')).toHaveText("Collect Jun Nakamura's card");
  await expect(panel.getByTestId('visitor-card-issue')).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'visitor-card-collect-1280x800');
  await panel.getByRole('button', { name: `Collect card ${number}` }).click();
  await expect(panel.getByTestId('visitor-card-said')).toHaveText(`Card ${number} collected from Jun Nakamura: it is off their record`);
  await expect(panel.getByTestId('visitor-card-held').filter({ hasText: number })).toHaveCount(0);
  await panel.getByTestId('visitor-card-close').click();

  // The audit log has each, the refused lend with it.
  await screen.getByRole('button', { name: 'Close reception' }).click();
  await openScreen(page, 'open-audit');
  await expect(page.getByTestId('audit-row').filter({ hasText: 'Visitor card issued' }).filter({ hasText: 'Oliver Grant' })).toHaveCount(2);
  await expect(page.getByTestId('audit-row').filter({ hasText: 'Visitor card collected' }).filter({ hasText: 'Oliver Grant' })).toHaveCount(1);
  await keepScreenshot(page, testInfo, 'visitor-card-audit-1280x800');
});

test('the card check reads the card in the reader: no card, a card nobody holds, then the same card enrolled on Priya Raman', async ({ page }, testInfo) => {
  await demoCard('remove');
  await openDesk(page, host);
  await openScreen(page, 'open-card-check');
  const screen = page.getByTestId('card-check');
  const number = await readNoCardThenPiv(
    { read: screen.getByTestId('card-check-reader'), refusal: screen.getByRole('alert'), said: screen.getByTestId('card-read'), number: screen.getByTestId('card-number') },
    'Read from the reader: PIV · agency',
  );
  await expect(screen.getByTestId('card-verdict')).toHaveText(`No cardholder holds card ${number}. Do not let the bearer in on this card.`);
  await keepScreenshot(page, testInfo, 'card-check-reader-unknown-1280x800');

  // Enrolled as enrolment does it (the card's own read, sent to the server), then read again.
  const socket = await openDeskSocket(host.url);
  try {
    const { matches } = await socket.call<{ matches: { href: string; name: string }[] }>('cardholders.search', { name: 'raman' });
    const priya = matches.find((m) => m.name === 'Priya Raman')!;
    const { readId } = await socket.call<{ readId: string }>('enrolment.readCard', {});
    const outcome = await socket.call<{ item: { state: string } }>('enrolment.enrol', { readId, cardholder: { kind: 'existing', href: priya.href, name: priya.name }, status: 'active' });
    expect(outcome.item.state).toBe('sent');
  } finally {
    socket.close();
  }
  await screen.getByTestId('card-check-reader').click();
  await expect(screen.getByTestId('card-verdict')).toHaveText(`Card ${number.replace(/^(\d{4})(\d{4})(\d{6})(\d{18})$/, '$1-$2-$3-$4')} is active: it belongs to Priya Raman.`);
  await expect(screen.getByTestId('card-name')).toHaveText('Priya Raman');
  await expect(screen.getByTestId('card-photo')).toBeVisible();
  await keepScreenshot(page, testInfo, 'card-check-reader-1280x800');
  await expectAccessible(page, testInfo, 'the card check from the reader');
});
