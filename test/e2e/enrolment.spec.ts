import { expect, test } from '@playwright/test';
import { hostForTheseTests } from './support/host';
import {
  cardholderEvents,
  fillExistingCardholder,
  fillNewCardholder,
  insertDemoCard,
  pickCardholder,
  openEnrolment,
  readCard,
  snap,
} from './support/enrolment-screen';

// PIV enrolment on the demo site, through the screen alone: the demo reader's virtual cards are read
// by the real PIV code, sent to the demo site's simulator, and checked there through its control API.
test.describe.configure({ mode: 'serial' });

const host = hostForTheseTests();

test('a PIV card is read (fingerprints with the PIN) and enrolled on a new cardholder, then read back with its certificates', async ({ page }, testInfo) => {
  await page.goto(host.url);
  await expect(page.getByTestId('connection')).toHaveAttribute('data-phase', 'connected');
  const screen = await openEnrolment(page);
  await expect(screen.getByTestId('insert-card')).toBeVisible();
  await snap(page, testInfo, 'enrolment-1-insert-card');

  await insertDemoCard(screen, 'PIV');
  const preview = await readCard(screen, '123456');
  await expect(screen.getByTestId('read-progress').locator('[data-step="fingerprints"]')).toHaveAttribute('data-state', 'done');
  await expect(screen.getByTestId('read-progress').locator('[data-step="chuid"]')).toHaveAttribute('data-state', 'done');
  await expect(preview.getByTestId('preview-kind')).toHaveText('PIV');
  await expect(preview.getByTestId('preview-fascn')).toHaveText(/^4700-0256-\d{6}-111234567890199991$/);
  await expect(preview.getByTestId('preview-fingerprints')).toHaveText('read');
  await expect(preview.getByTestId('preview-signature')).toContainText('verified');
  await expect(preview.getByTestId('certificate')).toHaveCount(3);
  for (const cert of await preview.getByTestId('certificate').all()) await expect(cert).toHaveAttribute('data-validity', 'valid');
  await snap(page, testInfo, 'enrolment-2-preview-piv');
  const number = (await preview.getByTestId('preview-number').textContent())!;

  // Refused before sending: a new cardholder needs a name (the server's own rule); nothing reaches it.
  const before = (await cardholderEvents(host.controlUrl)).length;
  await screen.getByTestId('enrol-form').getByTestId('division-select').selectOption({ label: 'North Building' });
  await screen.getByRole('button', { name: 'Send enrolment' }).click();
  await expect(screen.getByTestId('enrol-invalid')).toContainText('a first name or a last name is required');
  expect(await cardholderEvents(host.controlUrl)).toHaveLength(before);

  await fillNewCardholder(screen, 'Ada', 'Lovelace', 'North Building');
  await snap(page, testInfo, 'enrolment-3-new-cardholder');
  await screen.getByRole('button', { name: 'Send enrolment' }).click();
  const result = screen.getByTestId('enrol-result');
  await expect(result).toHaveAttribute('data-state', 'sent');
  await expect(result.getByTestId('result-card-status')).toHaveText(/^active$/i);
  await snap(page, testInfo, 'enrolment-4-sent');
  await expect(result.getByTestId('result-cardholder')).toHaveText('Ada Lovelace (new cardholder, North Building)');
  const cardholderHref = (await result.getByTestId('result-cardholder').getAttribute('data-href'))!;
  expect(cardholderHref).toMatch(new RegExp(`^${host.siteUrl}/api/cardholders/\\d+$`));

  // The simulator created exactly one cardholder, with that card.
  const created = (await cardholderEvents(host.controlUrl)).filter((e) => e.action === 'created');
  expect(created).toHaveLength(1);
  expect(cardholderHref.endsWith(`/${created[0]!.cardholderId}`)).toBe(true);

  // Read back through GET with certificates requested via fields.
  await screen.getByRole('button', { name: "Cardholder's cards" }).click();
  const cards = screen.getByTestId('card-management');
  await expect(cards.getByTestId('cards-holder')).toContainText('Ada Lovelace: 1 PIV card');
  const card = cards.getByTestId('managed-card');
  await expect(card).toHaveAttribute('data-number', number);
  await expect(card.getByTestId('certificate')).toHaveCount(3);
  await snap(page, testInfo, 'enrolment-5-cards-read-back');
});

test('a PIV-I card is enrolled disabled on an existing cardholder found by name; a duplicate is refused; then it is re-enabled, revoked and deleted', async ({ page }, testInfo) => {
  // Sam Lindqvist (demo site id ch-visitor, South Building), found by typing part of the surname.
  const visitor = { name: 'Sam Lindqvist', division: 'South Building' };
  await page.goto(host.url);
  const screen = await openEnrolment(page);
  await insertDemoCard(screen, 'PIV-I');
  const preview = await readCard(screen);
  await expect(preview.getByTestId('preview-kind')).toHaveText('PIV-I');
  await expect(preview.getByTestId('preview-fingerprints')).toHaveText('not read');
  // A PIV-I card's number is its GUID as a decimal, never the FASC-N.
  const number = (await preview.getByTestId('preview-number').textContent())!;
  expect(number).toMatch(/^\d+$/);
  await snap(page, testInfo, 'enrolment-6-preview-piv-i');

  await fillExistingCardholder(screen, 'lindq', visitor);
  await screen.getByTestId('enrol-form').getByLabel('Disabled (manually)').check();
  await screen.getByRole('button', { name: 'Send enrolment' }).click();
  const result = screen.getByTestId('enrol-result');
  await expect(result).toHaveAttribute('data-state', 'sent');
  await expect(result.getByTestId('result-card-status')).toContainText(/disabled/i);
  await expect(result.getByTestId('result-cardholder')).toHaveText('Sam Lindqvist (existing cardholder)');
  // The card went to the cardholder picked by name, and to no one else.
  const modified = (await cardholderEvents(host.controlUrl)).filter((e) => e.action === 'modified');
  expect(modified).toEqual([{ action: 'modified', cardholderId: 'ch-visitor' }]);
  await snap(page, testInfo, 'enrolment-7-piv-i-sent');

  // The same card again on the same cardholder: refused at the desk, with the reason, nothing sent.
  const before = await cardholderEvents(host.controlUrl);
  await readCard(screen);
  await fillExistingCardholder(screen, 'Sam', visitor);
  await screen.getByRole('button', { name: 'Send enrolment' }).click();
  await expect(screen.getByTestId('enrol-error')).toContainText(`already has card number ${number}`);
  expect(await cardholderEvents(host.controlUrl)).toEqual(before);
  await snap(page, testInfo, 'enrolment-8-duplicate-refused');

  await screen.getByRole('button', { name: "Cardholder's cards" }).click();
  const cards = screen.getByTestId('card-management');
  await pickCardholder(cards.getByTestId('cards-cardholder'), 'lindqvist', visitor);
  await expect(cards.getByTestId('cards-holder')).toContainText('Sam Lindqvist');
  // The server gives the cardholder's updates link: the panel follows it while the cards are shown.
  await expect(cards.getByTestId('cards-following')).toBeVisible();
  const card = cards.locator(`[data-testid="managed-card"][data-number="${number}"]`);
  await expect(card).toHaveAttribute('data-status', /disabled/i);

  await card.getByTestId('card-status-select').selectOption('active');
  await expect(card).toHaveAttribute('data-status', /^active$/i);
  // A PIV status other than Normal/Offline/NotChecked makes the card inactive, with the reason.
  await card.getByTestId('piv-status-select').selectOption('Revoked');
  await expect(card).toHaveAttribute('data-status-type', /inactive/i);
  await snap(page, testInfo, 'enrolment-9-revoked');

  await card.getByRole('button', { name: 'Delete card…' }).click();
  await snap(page, testInfo, 'enrolment-10-confirm-delete');
  await card.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(card).toHaveCount(0);
  const deleted = (await cardholderEvents(host.controlUrl)).filter((e) => e.action === 'card deleted');
  expect(deleted).toEqual([{ action: 'card deleted', cardholderId: 'ch-visitor' }]);
});

test('with the card taken out, the screen asks for a card and offers no read', async ({ page }) => {
  await page.goto(host.url);
  const screen = await openEnrolment(page);
  await screen.getByRole('button', { name: 'Remove card' }).click();
  await expect(screen.getByTestId('insert-card')).toBeVisible();
  await expect(screen.getByRole('button', { name: 'Read card' })).toBeDisabled();
});
