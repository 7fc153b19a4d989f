import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { keepScreenshot } from './panels-support';
import { hostForTheseTests } from './support/host';
import { selfSignedClient } from './support/openssl';
import { openSettings } from './support/settings-screen';

// Settings → Sign-in cards on the demo site: the demo card issuer is trusted (built in), the installer
// imports the site's CA, refuses a file that is no CA, revokes a card and allows it again.
const host = hostForTheseTests();

async function snap(page: Page, testInfo: TestInfo, name: string) {
  await page.getByTestId('settings-sign-in-trust').scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, name);
}

test('the installer trusts a card issuer, revokes a card and allows it again, from Settings', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  const screen = await openSettings(page);
  const section = screen.getByTestId('settings-sign-in-trust');
  await expect(section.getByRole('heading', { name: 'Sign-in cards' })).toBeVisible();
  await expect(section.getByTestId('trust-anchors')).toContainText('CN=Gatehouse Demo PIV Issuer');
  await expect(section.getByTestId('trust-anchors')).toContainText('the demo card issuer, trusted on the demo site only');
  await expect(section.getByRole('button', { name: 'Stop trusting' })).toHaveCount(0);

  // A certificate that is not a CA is refused with the reason.
  await section.getByTestId('anchor-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a certificate') });
  await section.getByRole('button', { name: 'Trust this issuer' }).click();
  await expect(section.getByTestId('settings-error')).toHaveText('notes.txt is not an X.509 certificate (PEM or DER)');

  const ca = selfSignedClient('Site Card CA');
  await section.getByTestId('anchor-file').setInputFiles({ name: 'site-ca.pem', mimeType: 'application/x-pem-file', buffer: Buffer.from(ca.certPem) });
  await section.getByRole('button', { name: 'Trust this issuer' }).click();
  await expect(section.getByTestId('trust-anchors').getByRole('listitem')).toHaveCount(2);
  await expect(section.getByTestId('trust-anchors')).toContainText('CN=Site Card CA');
  await expect(section.getByTestId('settings-error')).toHaveCount(0);

  await section.getByLabel('Card id (FASC-N or card UUID, hex)').fill('d4e739da739ced39ce739d836858210c2c19a0846c');
  await section.getByLabel('Note').fill('lost on 3 May');
  await section.getByRole('button', { name: 'Revoke card' }).click();
  await expect(section.getByTestId('revoked-cards')).toContainText('Card D4E739DA739CED39CE739D836858210C2C19A0846C');
  await expect(section.getByTestId('revoked-cards')).toContainText('lost on 3 May');
  await snap(page, testInfo, 'settings-sign-in-cards');

  // Kept by the desk: a reload shows the same.
  await page.reload();
  const again = (await openSettings(page)).getByTestId('settings-sign-in-trust');
  await expect(again.getByTestId('revoked-cards').getByRole('listitem')).toHaveCount(1);
  await again.getByRole('button', { name: 'Allow again' }).click();
  await expect(again.getByTestId('revoked-cards')).toHaveCount(0);
  await again.getByRole('button', { name: 'Stop trusting' }).click();
  await expect(again.getByTestId('no-anchors')).toHaveCount(0);
  await expect(again.getByTestId('trust-anchors').getByRole('listitem')).toHaveCount(1);
});
