import { expect, type Locator, type Page } from '@playwright/test';
import { openScreen } from './navigation';
import type { SiteSimulator } from './simulator';

// The settings screen as an operator uses it: every step goes through its buttons and fields only.

export function settingsScreen(page: Page): Locator {
  return page.getByTestId('settings');
}

/** Opens the first-run flow from the demo site's notice, or Settings from the header otherwise. */
export async function openSettings(page: Page): Promise<Locator> {
  // Until main has reported the site, the page cannot know whether it is the demo site (which button
  // to press), and a call sent before the link is open is refused.
  await expect(page.getByTestId('connection')).not.toContainText(/Connecting to Gatehouse|Loading the board/);
  const setup = page.getByRole('button', { name: 'Set up this desk' });
  if (await setup.isVisible()) await setup.click();
  else await openScreen(page, 'open-settings');
  const screen = settingsScreen(page);
  await expect(screen.getByTestId('settings-server')).toBeVisible();
  return screen;
}

/** Fetches the server's certificate, checks the fingerprint shown is the server's own, and trusts it. */
export async function confirmServer(screen: Locator, url: string, expectedSha256: string): Promise<void> {
  await screen.getByLabel('Server address').fill(url);
  await screen.getByRole('button', { name: 'Fetch certificate' }).click();
  const shown = screen.getByTestId('server-offer-certificate-sha256');
  await expect(shown).toHaveAttribute('data-value', expectedSha256);
  await screen.getByRole('button', { name: /trust this certificate/ }).click();
  await expect(screen.getByTestId('server-pinned-certificate-sha256')).toHaveAttribute('data-value', expectedSha256);
}

export async function storeApiKey(screen: Locator, apiKey: string): Promise<void> {
  const section = screen.getByTestId('settings-api-key');
  await section.getByLabel('API key').fill(apiKey);
  await section.getByRole('button', { name: /Save key|Replace key/ }).click();
  await expect(section.getByText('Done')).toBeVisible();
  // Never echoed: the field is empty again once the key is sent.
  await expect(section.getByLabel('API key')).toHaveValue('');
}

export interface NamedFile {
  name: string;
  content: string | Buffer;
}

/** Imports through the file picker: PEM (one or more files, optional passphrase) or PKCS#12 and its password. */
export async function importCertificate(screen: Locator, format: 'pem' | 'pkcs12', files: NamedFile[], secret = ''): Promise<void> {
  const section = screen.getByTestId('settings-client-certificate');
  await section.getByLabel(format === 'pem' ? 'PEM: certificate and key' : 'PKCS#12 (.p12 / .pfx)').check();
  await section.getByTestId('certificate-files').setInputFiles(
    files.map((f) => ({
      name: f.name,
      mimeType: format === 'pem' ? 'application/x-pem-file' : 'application/x-pkcs12',
      buffer: Buffer.isBuffer(f.content) ? f.content : Buffer.from(f.content),
    })),
  );
  if (secret) await section.getByTestId('certificate-secret').fill(secret);
  await section.getByRole('button', { name: /Import certificate|Replace certificate/ }).click();
}

/** Connects to the configured server; the settings screen closes and the board takes over. */
export async function connectConfigured(page: Page): Promise<void> {
  await settingsScreen(page).getByRole('button', { name: 'Connect to this server' }).click();
  await expect(settingsScreen(page)).toBeHidden();
}

/**
 * Asks to connect to the configured server when it is expected not to answer: the screen stays open
 * with the reason in the connect step, and the site the desk was on keeps running.
 */
export async function refusedConnect(page: Page): Promise<Locator> {
  const step = settingsScreen(page).getByTestId('settings-connect');
  await step.getByRole('button', { name: 'Connect to this server' }).click();
  const alert = step.getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(settingsScreen(page)).toBeVisible();
  return alert;
}

/** Runs "Test connection" and answers its outcome: the result note, or the alert with the reason. */
export async function testConnection(screen: Locator): Promise<Locator> {
  const step = screen.getByTestId('settings-connect');
  await step.getByRole('button', { name: 'Test connection' }).click();
  const outcome = step.getByTestId('settings-test-result').or(step.getByRole('alert'));
  await expect(outcome).toBeVisible();
  return outcome;
}

/** Points the desk at `server` through the settings screen only (first contact, key, certificate), and connects. */
export async function configureSite(page: Page, server: SiteSimulator): Promise<void> {
  const screen = await openSettings(page);
  await confirmServer(screen, server.url, server.serverFingerprint256);
  await storeApiKey(screen, server.apiKey);
  await importCertificate(screen, 'pem', [
    { name: 'desk.crt', content: server.clientCertPem },
    { name: 'desk.key', content: server.clientKeyPem },
  ]);
  await connectConfigured(page);
  await expect(page.getByTestId('connection')).toHaveAttribute('data-phase', 'connected');
}

/**
 * The installer's three credential steps for `server` on the settings screen: the server's certificate
 * pinned, the API key stored, and the desk's certificate and key imported as one PEM file (checked by
 * the thumbprint the screen then shows).
 */
export async function enterCredentials(screen: Locator, server: SiteSimulator): Promise<void> {
  await confirmServer(screen, server.url, server.serverFingerprint256);
  await storeApiKey(screen, server.apiKey);
  await importCertificate(screen, 'pem', [{ name: 'desk.pem', content: server.clientCertPem + server.clientKeyPem }]);
  await expect(screen.getByTestId('client-certificate-sha1')).toHaveAttribute('data-value', server.clientThumbprint);
}
