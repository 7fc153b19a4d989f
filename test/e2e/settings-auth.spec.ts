import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { keepScreenshot } from './panels-support';
import { hostForTheseTests } from './support/host';
import { enterCredentials, openSettings, storeApiKey, testConnection } from './support/settings-screen';
import { simulatorEvents, siteForTheseTests } from './support/simulator';

// How the API key is sent, on a desk of its own configured for a second simulator (server 9.40):
// GGL-API-KEY by default (cc_rest.yaml securitySchemes.API_key), Basic from 9.0, a word of the
// installer's own checked as it is typed, and Test connection telling a refused word from a refused key.
// Serial: one desk, its settings built up test by test.
test.describe.configure({ mode: 'serial' });

const host = hostForTheseTests();
const site = siteForTheseTests();
test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
});

const section = (screen: Locator) => screen.getByTestId('settings-auth-form');
const keyForm = (screen: Locator) => section(screen).getByRole('radio', { name: /^API key after the word/ });
const basicForm = (screen: Locator) => section(screen).getByRole('radio', { name: /^Basic/ });
const wordField = (screen: Locator) => section(screen).getByLabel(/^Scheme word/);

async function useWord(screen: Locator, word: string) {
  await wordField(screen).fill(word);
  await section(screen).getByRole('button', { name: 'Use this word' }).click();
}

async function authFailuresSince(before: number) {
  return (await simulatorEvents(site)).slice(before).filter((e) => e.type === 'auth-failure');
}

async function shoot(page: Page, testInfo: Parameters<typeof keepScreenshot>[1], target: Locator, name: string) {
  await target.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, name);
}

test('Settings offers the key after GGL-API-KEY (the default) or Basic, and refuses a scheme word that is not one word', async ({ page }, testInfo) => {
  await page.goto(host.url);
  const screen = await openSettings(page);
  await expect(keyForm(screen)).toBeChecked();
  await expect(keyForm(screen)).toHaveAccessibleName('API key after the word GGL-API-KEY — recommended');
  await expect(basicForm(screen)).not.toBeChecked();
  await expect(basicForm(screen)).toHaveAccessibleName('Basic (server 9.0 or later)');
  await expect(wordField(screen)).toHaveValue('GGL-API-KEY');
  await expect(section(screen).getByTestId('auth-scheme-custom')).toBeHidden();
  await expect(section(screen).getByRole('button', { name: 'Back to GGL-API-KEY' })).toBeHidden();
  await shoot(page, testInfo, section(screen), 'settings-auth');

  const alert = section(screen).getByRole('alert');
  await useWord(screen, 'GGL API KEY');
  await expect(alert).toHaveText('The scheme word is one word: it cannot contain spaces');
  await useWord(screen, 'KEY:');
  await expect(alert).toContainText('The scheme word cannot contain ":": use letters, digits and');
  await useWord(screen, 'basic');
  await expect(alert).toContainText('choose "Basic" instead');
  await useWord(screen, '');
  await expect(alert).toHaveText('Type the scheme word (GGL-API-KEY unless your gateway asks for another)');
  await shoot(page, testInfo, section(screen), 'settings-auth-refused-word');
  // Nothing refused was stored: the desk still sends GGL-API-KEY.
  await expect(section(screen).getByTestId('auth-scheme-in-use')).toHaveText('GGL-API-KEY');
});

test('Test connection names a refused scheme word and the word the server takes, for one extra request', async ({ page }, testInfo) => {
  await page.goto(host.url);
  const screen = await openSettings(page);
  await enterCredentials(screen, site);

  // The spec's old stand-in word, as a desk from before would have sent it.
  await useWord(screen, 'SERVICE-API-KEY');
  await expect(section(screen).getByTestId('auth-scheme-in-use')).toHaveText('SERVICE-API-KEY');
  await expect(section(screen).getByTestId('auth-scheme-custom')).toContainText('This desk sends SERVICE-API-KEY, not GGL-API-KEY');
  await expect(keyForm(screen)).toHaveAccessibleName("API key after the word SERVICE-API-KEY (a gateway's own word)");
  await expect(section(screen).getByRole('alert')).toBeHidden();

  const before = (await simulatorEvents(site)).length;
  const outcome = await testConnection(screen);
  await expect(outcome).toHaveText(
    `The server at ${new URL(site.url).origin} refused the scheme word SERVICE-API-KEY (401), but accepts the same key after GGL-API-KEY: ` +
      'the API key and the client certificate are right. Set the scheme word back to GGL-API-KEY under "How the API key is sent".',
  );
  // The refused test, then the one diagnosis that got in: a single failure in the server's log.
  expect((await authFailuresSince(before)).map((e) => e.reason)).toEqual(['Unknown authorization scheme "SERVICE-API-KEY"']);
  await shoot(page, testInfo, outcome, 'settings-auth-diagnosis');

  await section(screen).getByRole('button', { name: 'Back to GGL-API-KEY' }).click();
  await expect(section(screen).getByTestId('auth-scheme-in-use')).toHaveText('GGL-API-KEY');
  await expect(section(screen).getByTestId('auth-scheme-custom')).toBeHidden();
  await expect(await testConnection(screen)).toContainText(`${new URL(site.url).origin} answered with these settings (server version 9.40)`);
});

test('a wrong key is told from a wrong form: both forms refused, so the key or certificate is the cause', async ({ page }, testInfo) => {
  await page.goto(host.url);
  const screen = await openSettings(page);
  await storeApiKey(screen, '0000-0000-0000-0000-0000-0000-0000-0000');
  const before = (await simulatorEvents(site)).length;
  const outcome = await testConnection(screen);
  await expect(outcome).toContainText(
    "refused this desk's credentials (401), sent after GGL-API-KEY and as Basic alike, so how the key is sent is not the cause: check the API key",
  );
  expect(await authFailuresSince(before)).toHaveLength(2);
  await shoot(page, testInfo, outcome, 'settings-auth-wrong-key');

  // With the right key, Basic (this server is 9.40) passes the test too.
  await storeApiKey(screen, site.apiKey);
  await basicForm(screen).check();
  await expect(basicForm(screen)).toBeChecked();
  // Basic carries no word: the field is for the key form only.
  await expect(wordField(screen)).toBeHidden();
  await expect(await testConnection(screen)).toContainText('answered with these settings');
  await keyForm(screen).check();
  await expect(wordField(screen)).toHaveValue('GGL-API-KEY');
});

test("the desk's log holds no key, in any form, after all of the above", async () => {
  const logs = readdirSync(host.logDir).map((name) => readFileSync(join(host.logDir, name), 'utf8'));
  expect(logs.join('').length).toBeGreaterThan(0);
  const basic = Buffer.from(`:${site.apiKey}`).toString('base64');
  for (const text of logs) {
    expect(text).not.toContain(site.apiKey);
    expect(text).not.toContain(basic);
  }
});
