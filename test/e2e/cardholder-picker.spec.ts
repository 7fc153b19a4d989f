import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, keepScreenshot, openDesk, openPanel } from './panels-support';
import { hostForTheseTests } from './support/host';
import { insertDemoCard, openEnrolment, readCard } from './support/enrolment-screen';

// The name picker (renderer/src/lib/people/CardholderPicker.svelte) on the demo site at 9.40: results as
// the operator types, name and division on each, the server's divisions by name for a new cardholder.
test.describe('cardholders and divisions by name (9.40)', () => {
  test.describe.configure({ mode: 'serial' });
  const host = hostForTheseTests();

  /** The desk's enrolment screen with the demo reader's PIV card read: where a cardholder is picked. */
  async function enrolmentWithPivCardRead(page: Page): Promise<Locator> {
    await openDesk(page, host);
    const screen = await openEnrolment(page);
    await insertDemoCard(screen, 'PIV');
    await readCard(screen);
    return screen;
  }

  test('enrolment: typing part of a name lists the matching cardholders with their divisions; Esc closes the list first', async ({ page }, testInfo) => {
    const screen = await enrolmentWithPivCardRead(page);
    const form = screen.getByTestId('enrol-form');
    await form.getByLabel('An existing cardholder').check();
    const picker = form.getByTestId('existing-cardholder');
    const field = picker.getByRole('combobox');
    await field.fill('gran');
    const options = picker.getByRole('option');
    await expect(options).toHaveCount(2);
    await expect(options.nth(0)).toHaveText(/Oliver Grant\s*Campus/);
    await expect(options.nth(1)).toHaveText(/Hannah Grantham\s*North Building/);
    await expect(field).toHaveAttribute('aria-expanded', 'true');
    await field.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await options.nth(1).scrollIntoViewIfNeeded();
    await keepScreenshot(page, testInfo, 'enrolment-search');
    await expectAccessible(page, testInfo, 'enrolment cardholder search');

    // Esc closes the list and leaves the screen open; the next Esc closes the screen.
    await field.press('Escape');
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    await expect(screen).toBeVisible();
    // Typing again brings the list back.
    await field.press('t');
    await expect(options).toHaveText([/Oliver Grant/, /Hannah Grantham/]);

    await field.fill('zzz');
    await expect(picker.getByRole('status')).toHaveText('No cardholder\'s name holds “zzz”.');
    // Nothing picked: refused at the desk, with what to do.
    await screen.getByRole('button', { name: 'Send enrolment' }).click();
    await expect(screen.getByTestId('enrol-invalid')).toContainText('type part of their name, then pick them');
  });

  test("a new cardholder's division is chosen from the server's divisions by name", async ({ page }, testInfo) => {
    const screen = await enrolmentWithPivCardRead(page);
    const select = screen.getByTestId('division-select');
    // The server's list: every division the desk's operator holds a privilege in, by name.
    await expect(select).toHaveAttribute('data-source', 'server');
    await expect(select.locator('option')).toHaveText(['Choose…', 'Campus', 'Grounds', 'North Building', 'North Labs', 'South Building']);
    await select.selectOption({ label: 'North Labs' });
    await screen.getByTestId('enrol-form').getByLabel('First name').fill('Katherine');
    await screen.getByTestId('enrol-form').getByLabel('Last name').fill('Johnson');
    await select.focus();
    await keepScreenshot(page, testInfo, 'division-choice');
    await screen.getByRole('button', { name: 'Send enrolment' }).click();
    const result = screen.getByTestId('enrol-result');
    await expect(result).toHaveAttribute('data-state', 'sent');
    await expect(result.getByTestId('result-cardholder')).toHaveText('Katherine Johnson (new cardholder, North Labs)');
  });

  test('the item panel offers "on behalf of" by name from 8.70', async ({ page }, testInfo) => {
    await openDesk(page, host);
    const panel = await openPanel(page, 'North Level 2 Offices');
    const picker = panel.getByTestId('on-behalf-of');
    await picker.getByRole('combobox').fill('whit');
    await expect(picker.getByRole('option')).toHaveText([/Daniel Whitaker\s*North Labs/, /Grace Whitfield\s*North Labs/]);
    await keepScreenshot(page, testInfo, 'override-on-behalf');
    await expectAccessible(page, testInfo, 'on behalf of picker');
    await picker.getByRole('combobox').press('Enter');
    await expect(picker.getByTestId('on-behalf-of-picked')).toHaveText(/Daniel Whitaker\s*North Labs\s*Change/);
    // Change goes back to the field, empty, with the keyboard there.
    await picker.getByRole('button', { name: 'Change' }).click();
    await expect(picker.getByRole('combobox')).toBeFocused();
    await expect(picker.getByRole('combobox')).toHaveValue('');
  });
});

test.describe('before 8.70 (requested_by ignored by the server)', () => {
  const host = hostForTheseTests(['--demo-version', '8.60']);

  test('the item panel offers no "on behalf of"', async ({ page }) => {
    await openDesk(page, host);
    const panel = await openPanel(page, 'North Level 2 Offices');
    await expect(panel.getByRole('button', { name: 'Free…', exact: true })).toBeVisible();
    await expect(panel.getByTestId('on-behalf-of')).toHaveCount(0);
  });
});
