import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { openScreen } from './navigation';

// The enrolment screen as a receptionist uses it: every step through its buttons and fields only.

export function enrolmentScreen(page: Page): Locator {
  return page.getByTestId('enrolment');
}

export async function openEnrolment(page: Page): Promise<Locator> {
  await openScreen(page, 'open-enrolment');
  const screen = enrolmentScreen(page);
  await expect(screen.getByTestId('enrolment-reader')).toBeVisible();
  return screen;
}

/** Puts a fresh virtual card in the demo reader through the screen's demo controls. */
export async function insertDemoCard(screen: Locator, kind: 'PIV' | 'PIV-I'): Promise<void> {
  // Out with any earlier card first, so "a card is in the reader" can only mean the new one.
  await screen.getByRole('button', { name: 'Remove card' }).click();
  await expect(screen.getByTestId('insert-card')).toBeVisible();
  await screen.getByRole('button', { name: `Insert demo ${kind} card` }).click();
  await expect(screen.getByTestId('card-present')).toBeVisible();
}

/** Reads the card; with a PIN the fingerprints are read too. Waits for the preview. */
export async function readCard(screen: Locator, pin?: string): Promise<Locator> {
  if (pin) {
    await screen.getByLabel('Read fingerprints').check();
    await screen.getByTestId('card-pin').fill(pin);
  }
  await screen.getByRole('button', { name: 'Read card' }).click();
  const preview = screen.getByTestId('card-preview');
  await expect(preview).toBeVisible();
  return preview;
}

export async function fillNewCardholder(screen: Locator, first: string, last: string, division: string): Promise<void> {
  const form = screen.getByTestId('enrol-form');
  await form.getByLabel('A new cardholder').check();
  await form.getByLabel('First name').fill(first);
  await form.getByLabel('Last name').fill(last);
  await form.getByTestId('division-select').selectOption({ label: division });
}

/**
 * Picks a cardholder the way a receptionist does: types part of the name into the picker, waits for
 * `expected` among the results (name and division), and takes it with the arrow keys and Enter.
 */
export async function pickCardholder(picker: Locator, typed: string, expected: { name: string; division: string }): Promise<void> {
  const field = picker.getByRole('combobox');
  await field.fill(typed);
  const options = picker.getByRole('option');
  await expect(options.filter({ hasText: expected.name })).toContainText(expected.division);
  const names = await options.locator('.name').allTextContents();
  const at = names.indexOf(expected.name);
  expect(at, `${expected.name} among ${names.join(', ')}`).toBeGreaterThanOrEqual(0);
  // The first result is highlighted; the arrows move to the wanted one.
  for (let i = 0; i < at; i++) await field.press('ArrowDown');
  await expect(options.nth(at)).toHaveAttribute('aria-selected', 'true');
  await field.press('Enter');
  await expect(picker.getByTestId(`${await picker.getAttribute('data-testid')}-picked`)).toContainText(expected.name);
}

export async function fillExistingCardholder(screen: Locator, typed: string, expected: { name: string; division: string }): Promise<void> {
  const form = screen.getByTestId('enrol-form');
  await form.getByLabel('An existing cardholder').check();
  await pickCardholder(form.getByTestId('existing-cardholder'), typed, expected);
}

/** A 1280×800 picture of the screen as it is, attached to the test. */
export async function snap(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Cardholder events in a simulator's log (created, modified, card deleted). */
export async function cardholderEvents(controlUrl: string): Promise<Array<{ action: string; cardholderId: string }>> {
  const res = await fetch(`${controlUrl}/events?since=0`);
  if (!res.ok) throw new Error(`control GET events: ${res.status}`);
  const { events } = (await res.json()) as { events: Array<Record<string, unknown>> };
  return events.filter((e) => e.type === 'cardholder').map((e) => ({ action: String(e.action), cardholderId: String(e.cardholderId) }));
}
