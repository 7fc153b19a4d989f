import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { raiseAlarm } from './alarms-support';
import { openDesk } from './panels-support';
import { openDeskSocket } from './support/desk-socket';
import { startHost, type RunningHost } from './support/host';

// Issue 42: a guard without a mouse reaches every screen, acts, closes it and finds focus where they
// left it; the header names the open screen; axe finds nothing serious on any of them.

let host: RunningHost;

test.beforeAll(async () => {
  host = await startHost();
});
test.afterAll(async () => {
  await host?.stop();
});

/** Every screen the menu lists on the demo site, signed out: its menu words, its title, its test id. */
const SCREENS = [
  { entry: /^Alarms \(\d+\)/, title: 'Alarm queue', testid: 'alarm-screen', key: 'a' },
  { entry: /^Events/, title: 'Events', testid: 'journal', key: 'e' },
  { entry: /^Overrides \(\d+\)/, title: 'Overrides sent from this desk', testid: 'overrides', key: 'o' },
  { entry: /^Enrol a card/, title: 'PIV enrolment', testid: 'enrolment', key: 'n' },
  { entry: /^Audit log/, title: 'Audit log', testid: 'audit', key: 'l' },
  { entry: /^Settings/, title: 'Set up this desk', testid: 'settings', key: 's' },
] as const;

/** The element with focus, by its test id or its tag, for messages that say where focus went. */
const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? 'none');

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test('every screen opens from the menu by keyboard, names itself, and gives focus back to the menu when closed', async ({ page }) => {
  await openDesk(page, host);
  await expect(page.getByTestId('tile').first()).toBeVisible();
  await expect(page.getByTestId('open-screen')).toContainText('Board');
  for (const screen of SCREENS) {
    await page.keyboard.press('m');
    const menu = page.getByRole('navigation', { name: 'Screens' });
    await expect(page.getByTestId('nav-menu')).toHaveAttribute('aria-expanded', 'true');
    // Down the list to the entry, as a guard with arrows would.
    for (let i = 0; i < 12; i++) {
      const label = await page.evaluate(() => document.activeElement?.textContent ?? '');
      if (screen.entry.test(label.trim())) break;
      await page.keyboard.press('ArrowDown');
    }
    await expect(menu.locator(':focus')).toHaveText(screen.entry);
    await page.keyboard.press('Enter');
    const open = page.getByRole('dialog', { name: screen.title });
    await expect(open).toBeVisible();
    await expect(page.getByTestId('open-screen')).toContainText(screen.title === 'Set up this desk' ? 'Settings' : screen.title.split(' ')[0]!);
    expect(await open.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    // Harmless: Tab into the screen, then Esc (leaving a field first if Tab landed in one).
    await page.keyboard.press('Tab');
    expect(await open.evaluate((el) => el.contains(document.activeElement) || !!document.activeElement?.closest('[data-desk-top]'))).toBe(true);
    expect(await seriousViolations(page), `axe on ${screen.title}`).toEqual([]);
    await page.keyboard.press('Escape');
    if (await open.isVisible()) await page.keyboard.press('Escape');
    await expect(open).toBeHidden();
    expect(await focusedTestId(page), `focus after closing ${screen.title}`).toBe('nav-menu');
  }
});

test('a screen opened by its key from a tile gives focus back to that tile', async ({ page }) => {
  await openDesk(page, host);
  const tile = page.getByTestId('tile').first();
  await tile.focus();
  const href = await tile.getAttribute('data-href');
  for (const screen of SCREENS) {
    await page.keyboard.press(screen.key);
    const open = page.getByRole('dialog', { name: screen.title });
    await expect(open).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(open).toBeHidden();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-href')), `focus after ${screen.title}`).toBe(href);
  }
});

test('Esc in a field leaves the field and keeps what was typed; closing with it asks first', async ({ page }) => {
  await openDesk(page, host);
  await page.keyboard.press('s');
  const settings = page.getByRole('dialog', { name: 'Set up this desk' });
  const field = settings.getByLabel('Server address');
  await field.focus();
  await field.fill('https://gallagher.example:8904');
  await page.keyboard.press('Escape');
  await expect(settings).toBeVisible();
  await expect(field).not.toBeFocused();
  await expect(field).toHaveValue('https://gallagher.example:8904');
  // The next Esc would close the screen: it asks, and Esc there keeps the work.
  await page.keyboard.press('Escape');
  const ask = page.getByTestId('close-confirm');
  await expect(ask).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(settings).toBeVisible();
  await expect(field).toHaveValue('https://gallagher.example:8904');
  await page.keyboard.press('Escape');
  await ask.getByTestId('close-anyway').click();
  await expect(settings).toBeHidden();
});

test('the strip is one Tab stop with arrows inside, and a skip link leads past it to the board', async ({ page }) => {
  await openDesk(page, host);
  for (const message of ['Panic button pressed at reception', 'Loading bay intercom call', 'Server room temperature high']) {
    await raiseAlarm(host, { kind: 'external', priority: 5, message });
  }
  const strip = page.getByTestId('attention');
  // The three alarms, then the demo site's overdue visitor: all inside the one Tab stop.
  await expect(strip.locator('[data-testid="attention-entry"][data-alarm-id]')).toHaveCount(3);
  await expect(strip.getByTestId('attention-entry')).toHaveCount(4);
  const stops = await strip.locator('button').evaluateAll((buttons) => buttons.filter((b) => (b as HTMLElement).tabIndex === 0).length);
  expect(stops).toBe(1);
  await strip.locator('button[tabindex="0"]').focus();
  await page.keyboard.press('ArrowRight');
  expect(await strip.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  const second = await page.evaluate(() => document.activeElement?.textContent);
  await page.keyboard.press('Tab');
  expect(await strip.evaluate((el) => el.contains(document.activeElement))).toBe(false);
  await page.keyboard.press('Shift+Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(second);

  const skip = page.getByRole('link', { name: 'Skip to the board' });
  await skip.focus();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('board');
  expect(await seriousViolations(page)).toEqual([]);
});

test('after an alarm action focus stays in the queue, on the next alarm', async ({ page }) => {
  await openDesk(page, host);
  const ids: string[] = [];
  for (const message of ['First forced door', 'Second forced door', 'Third forced door']) {
    ids.push(await raiseAlarm(host, { kind: 'external', priority: 7, message }));
  }
  await page.keyboard.press('a');
  const queue = page.getByRole('dialog', { name: 'Alarm queue' });
  const first = queue.locator(`[data-testid="alarm-row"][data-id="${ids[0]}"]`);
  await first.getByTestId('alarm-choose').focus();
  await page.keyboard.press('Space');
  const acknowledge = queue.getByTestId('alarm-bar').getByTestId('act-acknowledge');
  await acknowledge.focus();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('data-state', 'acknowledged');
  const focusedRow = () => page.evaluate(() => document.activeElement?.closest('[data-testid="alarm-row"]')?.getAttribute('data-id'));
  await expect.poll(focusedRow).toBe(ids[1]);
  // Esc still closes the queue from there.
  await page.keyboard.press('Escape');
  await expect(queue).toBeHidden();
});

test('signed in: End shift by its key gives focus back; the sign-in dialog, closed, gives it back to Sign in', async ({ page }) => {
  const socket = await openDeskSocket(host.url);
  try {
    const found = await socket.call<{ matches: Array<{ name: string }> }>('cardholders.search', { name: 'grant' });
    const match = found.matches.find((m) => m.name === 'Oliver Grant')!;
    await socket.call('operators.add', { cardholder: match, role: 'supervisor', linkCard: false, deskPin: '2468' });
  } finally {
    socket.close();
  }
  await openDesk(page, host);
  await expect(page.getByTestId('operator-name')).toContainText('Oliver Grant');
  await expect(page.getByTestId('sign-out')).toBeInViewport();
  const menu = page.getByTestId('nav-menu');
  await menu.focus();
  await page.keyboard.press('h');
  const end = page.getByRole('dialog', { name: 'End shift' });
  await expect(end).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(end).toBeHidden();
  await expect(menu).toBeFocused();

  await page.getByTestId('sign-out').focus();
  await page.keyboard.press('Enter');
  const signIn = page.getByTestId('lock-sign-in');
  await signIn.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /Sign in/ });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(signIn).toBeFocused();
});
