import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { hostForTheseTests, startHost } from './support/host';
import { encryptKey, expiredClient, exportPkcs12, selfSignedClient } from './support/openssl';
import { confirmServer, connectConfigured, importCertificate, openSettings, refusedConnect, storeApiKey, testConnection } from './support/settings-screen';
import { simulatorEvents, siteForTheseTests, startSiteSimulator } from './support/simulator';

// One desk (the browser host, on its demo site at first) is configured through the settings screen only
// to use a second simulator as its site, then meets a wrong client certificate and a changed server
// certificate. The tests build on each other's settings, so they run in order.
test.describe.configure({ mode: 'serial' });

const host = hostForTheseTests();
const site = siteForTheseTests();

/** The settings screen scrolls inside the viewport: a tall viewport shows it whole in one picture. */
async function snap(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 2000 });
  await page.screenshot({ path, fullPage: true });
  if (viewport) await page.setViewportSize(viewport);
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** The connection bar names the configured server and is not on the demo site. */
async function expectConnectedTo(page: Page, url: string) {
  const bar = page.getByTestId('connection');
  await expect(bar).toHaveAttribute('data-phase', 'connected');
  await expect(bar).toContainText(`Connected to ${new URL(url).hostname}`);
  await expect(bar).not.toContainText('Demo site');
  await expect(page.getByTestId('first-run-notice')).toBeHidden();
}

test('a desk on the demo site is configured through the screen alone and shows the new site (PEM)', async ({ page }, testInfo) => {
  await page.goto(host.url);
  await expect(page.getByTestId('connection')).toContainText('Connected to the demo site');
  await expect(page.getByTestId('first-run-notice')).toBeVisible();

  const screen = await openSettings(page);
  await expect(screen.getByRole('heading', { name: 'Set up this desk' })).toBeVisible();
  await snap(page, testInfo, 'first-run-empty');

  await confirmServer(screen, site.url, site.serverFingerprint256);
  await storeApiKey(screen, site.apiKey);
  await importCertificate(screen, 'pem', [
    { name: 'desk.crt', content: site.clientCertPem },
    { name: 'desk.key', content: site.clientKeyPem },
  ]);
  // The thumbprint shown is the one the server's REST client item pins.
  await expect(screen.getByTestId('client-certificate-sha1')).toHaveAttribute('data-value', site.clientThumbprint);
  await expect(screen.getByTestId('client-certificate-validity')).toHaveAttribute('data-validity', 'valid');
  // The test asks the server on a connection of its own: the desk is still on the demo site after it.
  await expect(await testConnection(screen)).toContainText(`${new URL(site.url).origin} answered with these settings`);
  await expect(page.getByTestId('connection')).toContainText('Demo site');
  await snap(page, testInfo, 'first-run-configured');

  await connectConfigured(page);
  await expectConnectedTo(page, site.url);
  await expect(page.getByTestId('tile').first()).toBeVisible();
  // Every door on the board is the configured site's: its href is on that server's origin.
  const hrefs = await page.getByTestId('tile').evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) expect(new URL(href).origin).toBe(new URL(site.url).origin);
  await snap(page, testInfo, 'configured-site-board');
});

test('the same certificate imported as PKCS#12 (made by openssl pkcs12 -export) connects too, with either Authorization form', async ({ page }, testInfo) => {
  const password = 'desk-p12-password';
  const p12 = exportPkcs12(site.clientCertPem, site.clientKeyPem, password);
  await page.goto(host.url);
  const screen = await openSettings(page);
  await expect(screen.getByRole('heading', { name: 'Settings' })).toBeVisible();

  // A wrong password is refused with the reason, and the stored certificate is kept.
  await importCertificate(screen, 'pkcs12', [{ name: 'desk.p12', content: p12 }], 'not-the-password');
  await expect(screen.getByTestId('settings-client-certificate').getByRole('alert')).toContainText(/password/i);

  await importCertificate(screen, 'pkcs12', [{ name: 'desk.p12', content: p12 }], password);
  await expect(screen.getByTestId('settings-client-certificate').getByRole('alert')).toBeHidden();
  await expect(screen.getByTestId('client-certificate-sha1')).toHaveAttribute('data-value', site.clientThumbprint);
  await snap(page, testInfo, 'settings-pkcs12');

  await connectConfigured(page);
  await expectConnectedTo(page, site.url);

  // The other Authorization form (Basic, server 9.0 and later) reaches the same site.
  const again = await openSettings(page);
  await again.getByRole('radio', { name: /^Basic/ }).check();
  await expect(again.getByRole('radio', { name: /^Basic/ })).toBeChecked();
  await connectConfigured(page);
  await expectConnectedTo(page, site.url);
  const back = await openSettings(page);
  await back.getByRole('radio', { name: /^API key after the word GGL-API-KEY/ }).check();
  await expect(back.getByRole('radio', { name: /^API key after the word GGL-API-KEY/ })).toBeChecked();
  await connectConfigured(page);
  await expectConnectedTo(page, site.url);
});

test('an encrypted PEM key needs its passphrase, and an expired certificate is flagged plainly', async ({ page }, testInfo) => {
  const passphrase = 'desk-key-passphrase';
  const encrypted = encryptKey(site.clientKeyPem, passphrase);
  await page.goto(host.url);
  const screen = await openSettings(page);
  const section = screen.getByTestId('settings-client-certificate');
  const files = [
    { name: 'desk.crt', content: site.clientCertPem },
    { name: 'desk.key', content: encrypted },
  ];

  // Every refusal is shown with main's reason; the stored certificate is untouched by a failed import.
  await importCertificate(screen, 'pem', files);
  await expect(section.getByRole('alert')).toHaveText('The private key is encrypted: enter its passphrase');
  await importCertificate(screen, 'pem', files, 'not-the-passphrase');
  await expect(section.getByRole('alert')).toHaveText('The private key could not be decrypted: the passphrase is wrong');
  await importCertificate(screen, 'pem', [{ name: 'desk.crt', content: site.clientCertPem }]);
  await expect(section.getByRole('alert')).toContainText('No private key was found');
  await expect(screen.getByTestId('client-certificate-sha1')).toHaveAttribute('data-value', site.clientThumbprint);

  await importCertificate(screen, 'pem', files, passphrase);
  await expect(section.getByRole('alert')).toBeHidden();
  await expect(screen.getByTestId('client-certificate-sha1')).toHaveAttribute('data-value', site.clientThumbprint);
  await expect(screen.getByTestId('client-certificate-validity')).toHaveAttribute('data-validity', 'valid');

  const expired = expiredClient('Expired desk');
  await importCertificate(screen, 'pem', [{ name: 'expired.pem', content: expired.certPem + expired.keyPem }]);
  await expect(screen.getByTestId('client-certificate')).toContainText('Expired desk');
  await expect(screen.getByTestId('client-certificate-validity')).toHaveAttribute('data-validity', 'expired');
  await expect(screen.getByTestId('client-certificate-validity')).toContainText('EXPIRED on');
  // The picture is of the flag itself: the screen scrolls inside, so bring the certificate's facts up.
  await screen.getByTestId('client-certificate').scrollIntoViewIfNeeded();
  await snap(page, testInfo, 'expired-client-certificate');
});

test('a client certificate the server does not know fails its test and its connect with the 401, and the running board stays', async ({ page }, testInfo) => {
  const stranger = selfSignedClient('Unregistered desk');
  await page.goto(host.url);
  const screen = await openSettings(page);
  await importCertificate(screen, 'pem', [{ name: 'stranger.pem', content: stranger.certPem + stranger.keyPem }]);
  await expect(screen.getByTestId('client-certificate')).toContainText('Unregistered desk');
  const before = (await simulatorEvents(site)).length;

  // The test, and the connect's own check, each try the other form once, to tell a refused form from a
  // refused key or certificate.
  const refusal =
    `The server at ${new URL(site.url).origin} refused this desk's credentials (401), sent after GGL-API-KEY and as Basic alike, so how the key is sent is not the cause: ` +
    "check the API key, and that this desk's client certificate thumbprint is the one on the server's REST client item (the server's alarm list says which it refused).";
  await expect(await testConnection(screen)).toContainText(refusal);
  await expect(await refusedConnect(page)).toContainText(refusal);
  // The desk stayed on the site that works, with its board.
  const bar = page.getByTestId('connection');
  await expect(bar).toHaveAttribute('data-phase', 'connected');
  await expect(bar).toContainText(`Connected to ${new URL(site.url).hostname}`);
  // The server saw two requests per try (the second in the other form), each refused for the
  // certificate, not for the key: far below its failure-flood alarm.
  const failures = (await simulatorEvents(site)).slice(before).filter((e) => e.type === 'auth-failure');
  expect(failures).toHaveLength(4);
  expect(failures.every((e) => String(e.reason).includes('thumbprint does not match'))).toBe(true);
  await snap(page, testInfo, 'wrong-client-certificate');
  await screen.getByRole('button', { name: 'Close settings' }).click();
  await expect(page.getByTestId('tile').first()).toBeVisible();
});

test('a server that now presents another certificate is refused before any request, and Settings says so while the board stays', async ({ page }, testInfo) => {
  // Put the right client certificate back, so only the server's certificate is wrong.
  await page.goto(host.url);
  let screen = await openSettings(page);
  await importCertificate(screen, 'pem', [{ name: 'desk.pem', content: site.clientCertPem + site.clientKeyPem }]);
  await expect(screen.getByTestId('client-certificate-sha1')).toHaveAttribute('data-value', site.clientThumbprint);
  await screen.getByRole('button', { name: 'Close settings' }).click();

  // The same address, a new server process with a certificate of its own.
  const pinned = site.serverFingerprint256;
  await site.stop();
  // The tests' shared site becomes the new process (stopped after the last test, as the first would have been).
  Object.assign(site, await startSiteSimulator(site.port));
  expect(site.serverFingerprint256).not.toBe(pinned);

  screen = await openSettings(page);
  const refused = await refusedConnect(page);
  await expect(refused).toContainText('certificate is not the pinned one');
  await expect(refused).toContainText('Nothing was sent');
  await expect(refused).toContainText('confirm the new one in Settings');
  await expect(refused).toContainText(`server presented ${site.serverFingerprint256}`);
  // The new server's log has no request at all: not even a refused one.
  expect(await simulatorEvents(site)).toEqual([]);
  await snap(page, testInfo, 'server-certificate-changed-settings');

  // The operator can see and, if the change was intended, confirm the new certificate.
  await screen.getByLabel('Server address').fill(site.url);
  await screen.getByRole('button', { name: 'Fetch certificate' }).click();
  await expect(screen.getByTestId('server-offer-certificate-sha256')).toHaveAttribute('data-value', site.serverFingerprint256);
  await expect(screen.getByTestId('server-certificate-changed')).toContainText(`pinned SHA-256 ${pinned}`);
  await screen.getByRole('button', { name: /trust this certificate/ }).click();

  await expect(screen.getByTestId('server-pinned-certificate-sha256')).toHaveAttribute('data-value', site.serverFingerprint256);
  // The new server never registered this desk's client certificate.
  await expect(await refusedConnect(page)).toContainText('(401)');
});

test('"Back to the demo site" returns to the embedded site, on the ports printed at start', async ({ page }) => {
  await page.goto(host.url);
  const screen = await openSettings(page);
  await screen.getByRole('button', { name: 'Back to the demo site' }).click();
  await expect(page.getByTestId('settings')).toBeHidden();
  const bar = page.getByTestId('connection');
  await expect(bar).toHaveAttribute('data-phase', 'connected');
  await expect(bar).toContainText('Demo site');
  await expect(page.getByTestId('first-run-notice')).toBeVisible();
  // The demo site was restarted, on its first ports: the addresses the host printed at start still work.
  // The bar names the site in words; its whole address is there for support, on hover.
  expect(await bar.getByText(/^Server /).getAttribute('title')).toContain(new URL(host.siteUrl).origin);
  expect((await fetch(`${host.controlUrl}/events?since=0`)).status).toBe(200);
});

test('deleting the API key and the client certificate leaves nothing to connect with', async ({ page }) => {
  await page.goto(host.url);
  const screen = await openSettings(page);
  await screen.getByTestId('settings-api-key').getByRole('button', { name: 'Delete key' }).click();
  await expect(screen.getByTestId('settings-api-key').getByText('Not set')).toBeVisible();
  await screen.getByTestId('settings-client-certificate').getByRole('button', { name: 'Delete certificate' }).click();
  await expect(screen.getByTestId('settings-client-certificate').getByText('Not set')).toBeVisible();
  await expect(screen.getByTestId('client-certificate')).toBeHidden();
  await expect(screen.getByRole('button', { name: 'Connect to this server' })).toBeDisabled();
  // The server pin stays: it is not a secret and the address is still this desk's server.
  await expect(screen.getByTestId('server-pinned-certificate-sha256')).toHaveAttribute('data-value', site.serverFingerprint256);
});

test('without a keychain the screen says so, refuses to store secrets, and offers the less-safe key file explicitly', async ({ page }, testInfo) => {
  // A D-Bus address that leads nowhere: this desk has no Secret Service.
  const keyless = await startHost([], { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/gatehouse-no-bus' });
  try {
    await page.goto(keyless.url);
    const screen = await openSettings(page);
    const vault = screen.getByTestId('settings-vault');

    // In the first-run flow the choice is a numbered step, before the two secrets that need it.
    await expect(vault.getByRole('heading')).toContainText('Step 2');
    await expect(vault.getByTestId('vault-meaning')).toContainText('where the key that unlocks them lives');
    // Said for someone already in Settings: what is missing and what to do, without the D-Bus text.
    await expect(vault.getByTestId('vault-no-keychain')).toContainText('This computer has no keychain running');
    await expect(vault.getByTestId('vault-no-keychain')).not.toContainText(/d-?bus|autolaunch|go to Settings|in Settings/i);

    const apiKey = screen.getByTestId('settings-api-key');
    await apiKey.getByLabel('API key').fill(site.apiKey);
    await apiKey.getByRole('button', { name: 'Save key' }).click();
    await expect(apiKey.getByRole('alert')).toContainText('The API key was not stored');
    await expect(apiKey.getByRole('alert')).toContainText('less-safe key file');
    await expect(apiKey.getByRole('alert')).not.toContainText(/d-?bus|autolaunch/i);
    await expect(apiKey.getByText('Not set')).toBeVisible();
    // What was typed is still there, to be stored once there is somewhere to keep it.
    await expect(apiKey.getByLabel('API key')).toHaveValue(site.apiKey);
    await snap(page, testInfo, 'no-keychain');

    // The less-safe choice needs its own, explicit acknowledgement.
    const useKeyFile = vault.getByRole('button', { name: 'Use the less-safe key file' });
    await expect(useKeyFile).toBeDisabled();
    await vault.getByLabel(/I understand/).check();
    await useKeyFile.click();
    await expect(vault.getByTestId('vault-less-safe')).toContainText('LESS SAFE');
    await expect(vault.getByRole('button', { name: 'Move the key back to the OS keychain' })).toBeDisabled();
    await expect(vault.getByTestId('vault-no-keychain')).toContainText('Not possible now');
    await snap(page, testInfo, 'less-safe-key-file');

    // No retyping: the key typed before is stored as it stands, and the screen says it can be now.
    await expect(vault.getByTestId('vault-no-keychain')).not.toContainText('less-safe key file below');
    await expect(apiKey.getByTestId('api-key-ready-to-store')).toBeVisible();
    await expect(apiKey.getByRole('alert')).toBeHidden();
    await expect(apiKey.getByLabel('API key')).toHaveValue(site.apiKey);
    await apiKey.getByRole('button', { name: 'Save key' }).click();
    await expect(apiKey.getByText('Done')).toBeVisible();
    await expect(apiKey.getByLabel('API key')).toHaveValue('');
  } finally {
    await keyless.stop();
  }
});
