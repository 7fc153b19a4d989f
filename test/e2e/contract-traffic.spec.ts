import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { findSecretRun, parseFrame, pemBase64, recordContractTraffic } from './support/contract-recorder';
import { hostForTheseTests } from './support/host';
import { exportPkcs12 } from './support/openssl';
import { connectConfigured, enterCredentials, importCertificate, openSettings } from './support/settings-screen';
import { simulatorEvents, siteForTheseTests } from './support/simulator';

// Secrets never cross the contract towards the renderer, and the API key crosses towards main once.
// Every frame of a whole session is recorded: configure, connect, board, open a door, set the exit
// PIN; then the host's log of that session is searched for the same secrets.

const host = hostForTheseTests();
const site = siteForTheseTests();

test('nothing main sends holds a secret, and the API key is sent once', async ({ page }) => {
  const p12Password = 'contract-traffic-p12-password';
  const exitPin = '482913';
  const p12 = exportPkcs12(site.clientCertPem, site.clientKeyPem, p12Password);
  const keyBase64 = pemBase64(site.clientKeyPem);
  const traffic = recordContractTraffic(page);

  // Configure through the screen: server pin, key, certificate as PEM and then as PKCS#12.
  await page.goto(host.url);
  let screen = await openSettings(page);
  await enterCredentials(screen, site);
  await importCertificate(screen, 'pkcs12', [{ name: 'desk.p12', content: p12 }], p12Password);
  await expect(screen.getByTestId('settings-client-certificate').getByRole('alert')).toBeHidden();
  await expect(screen.getByTestId('client-certificate-sha1')).toHaveAttribute('data-value', site.clientThumbprint);

  // Connect, see the board, open a door.
  await connectConfigured(page);
  await expect(page.getByTestId('connection')).toContainText(`Connected to ${new URL(site.url).hostname}`);
  const tile = page.locator('[data-testid="tile"][data-kind="door"][data-verdict="normal"]').first();
  await expect(tile).toBeVisible();
  const name = (await tile.locator('.name').textContent())!.trim();
  await tile.click();
  const panel = page.getByRole('dialog', { name });
  await panel.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(panel.getByTestId('outcome')).toBeVisible();
  // The outcome line shows as the command leaves; the server's log has it once the POST is answered.
  await expect.poll(async () => (await simulatorEvents(site)).filter((e) => e.type === 'override').length).toBe(1);
  await page.keyboard.press('Escape');

  // And look at Settings once more, after everything: the overview comes back a last time. Set the
  // kiosk's exit PIN there too, so the PIN is part of the session whose traffic and log are checked.
  screen = await openSettings(page);
  await expect(screen.getByTestId('client-certificate-sha1')).toHaveAttribute('data-value', site.clientThumbprint);
  const kiosk = screen.getByTestId('settings-kiosk');
  await kiosk.getByLabel('Exit PIN').fill(exitPin);
  await kiosk.getByRole('button', { name: 'Set PIN' }).click();
  await expect(kiosk.getByRole('button', { name: 'Change PIN' })).toBeVisible();
  await expect(kiosk.getByLabel('New exit PIN')).toHaveValue('');
  await screen.getByRole('button', { name: 'Close settings' }).click();

  // The recording saw the whole session, so an empty check below means something.
  const sentCalls = traffic.sent.map(parseFrame).map((m) => m.name);
  for (const call of ['settings.probeServer', 'settings.confirmServer', 'settings.setApiKey', 'settings.importCertificate', 'site.connect', 'item.command']) {
    expect(sentCalls, `the renderer sent ${call}`).toContain(call);
  }
  const receivedEvents = traffic.received.map(parseFrame).filter((m) => m.type === 'event').map((m) => m.name);
  expect(receivedEvents).toContain('board.items');
  expect(receivedEvents).toContain('status.delta');
  // The detector does find the private key where it legitimately is: in the PEM import the renderer sent.
  expect(findSecretRun(traffic.sent, keyBase64)).toBeDefined();
  expect(traffic.sent.some((f) => f.includes(p12Password))).toBe(true);

  // Main → renderer: no API key, no private key (nor any 40-character run of its Base64), no PKCS#12
  // password, and not the PKCS#12 file either.
  const received = traffic.received;
  expect(received.filter((f) => f.includes(site.apiKey))).toEqual([]);
  expect(findSecretRun(received, keyBase64)).toBeUndefined();
  expect(received.filter((f) => f.includes(p12Password))).toEqual([]);
  expect(findSecretRun(received, p12.toString('base64'))).toBeUndefined();
  expect(received.filter((f) => f.includes(exitPin))).toEqual([]);

  // The host's log after the whole session: it saw the session (so the search below means something)
  // and holds no API key, private key, PKCS#12 password or PIN.
  await host.stop();
  const log = readdirSync(host.logDir).map((name) => readFileSync(join(host.logDir, name), 'utf8')).join('');
  for (const event of ['host.starting', 'demo.started', 'kiosk.exit-pin-set', 'host.stopping']) expect(log).toContain(`"event":"${event}"`);
  expect(log).not.toContain(site.apiKey);
  expect(findSecretRun([log], keyBase64)).toBeUndefined();
  expect(log).not.toContain(p12Password);
  expect(log).not.toContain(exitPin);

  // Renderer → main: the key goes out in the one settings.setApiKey call and never again.
  const withKey = traffic.sent.flatMap((frame, index) => (frame.includes(site.apiKey) ? [index] : []));
  expect(withKey).toHaveLength(1);
  expect(parseFrame(traffic.sent[withKey[0]!]!)).toMatchObject({ type: 'call', name: 'settings.setApiKey' });
  expect(sentCalls.filter((call) => call === 'settings.setApiKey')).toHaveLength(1);
});
