import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeychainUnavailableError } from '../../../electron/core/vault/errors';
import { KeychainDataKeyStore } from '../../../electron/core/vault/keys/keychain-data-key-store';
import { JsonFileSettingsStore } from '../../../electron/core/vault/settings/json-file-settings-store';
import { Vault } from '../../../electron/core/vault/vault';
import { CredentialSettings } from '../../../electron/core/vault/credential-settings';
import { testServiceName } from './support/secret-service';

// The real keyring library with no D-Bus to reach: this file runs in its own worker process, so
// pointing the bus address at nothing here cannot disturb the Secret Service tests.
const savedBus = process.env.DBUS_SESSION_BUS_ADDRESS;
let dir: string;

beforeAll(() => {
  process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/gatehouse-no-bus';
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-no-keychain-'));
});
afterAll(() => {
  if (savedBus === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
  else process.env.DBUS_SESSION_BUS_ADDRESS = savedBus;
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.platform !== 'linux')('without any keychain (Linux: no D-Bus session)', () => {
  it('fails plainly instead of falling back to the kernel keyring', async () => {
    const store = new KeychainDataKeyStore(testServiceName());
    await expect(store.write(Buffer.alloc(32, 1))).rejects.toBeInstanceOf(KeychainUnavailableError);
    // In words with the way out, wherever it surfaces (enrolment's Send too); never the D-Bus text.
    const refusal = await store.read().catch((e: unknown) => (e as Error).message);
    expect(refusal).toMatch(/^This computer has no keychain running.*or choose the less-safe key file in Settings → “Where secrets are kept”\.$/);
    expect(refusal).not.toMatch(/d-?bus|autolaunch|DBUS_SESSION_BUS_ADDRESS/i);
  });

  it('refuses to store the API key and writes nothing, until the less-safe mode is chosen', async () => {
    const settings = new JsonFileSettingsStore(dir);
    const vault = Vault.create(settings, dir);
    expect(await vault.checkKeychain()).toMatchObject({ available: false });
    await expect(vault.setApiKey('7C1E-90AB-44D2-0F3E')).rejects.toThrow(/less-safe key file in Settings/);
    expect(readdirSync(dir)).toEqual([]);

    await vault.chooseMode('less-safe-key-file', { acknowledgeLessSafe: true });
    await vault.setApiKey('7C1E-90AB-44D2-0F3E');
    expect(await vault.getApiKey()).toBe('7C1E-90AB-44D2-0F3E');
    expect(vault.status()).toMatchObject({ mode: 'less-safe-key-file', lessSafe: true, hasApiKey: true });
  });

  it('tells someone already in Settings what to do, without the D-Bus text underneath', async () => {
    const sub = mkdtempSync(join(dir, 'screen-'));
    const settings = new JsonFileSettingsStore(sub);
    const screen = new CredentialSettings(settings, Vault.create(settings, sub));
    const overview = await screen.overview();
    const reason = overview.keychain.available ? '' : overview.keychain.reason;
    const refusal = await screen.setApiKey('7C1E-90AB-44D2-0F3E').catch((e: unknown) => (e as Error).message);
    expect(refusal).toMatch(/^The API key was not stored\. This computer has no keychain running/);
    expect(reason).toContain('or use the less-safe key file below');
    // Once the less-safe file is in use, the reason no longer offers it.
    await screen.chooseVaultMode('less-safe-key-file', true);
    const after = await screen.overview();
    expect(after.keychain.available ? '' : after.keychain.reason).toMatch(/^This computer has no keychain running.*open this screen again\.$/);
    expect(refusal).toContain('or choose the less-safe key file under "Where secrets are kept"');
    for (const text of [reason, refusal]) {
      expect(text).not.toMatch(/d-?bus|autolaunch|org\.freedesktop|in Settings/i);
    }
  });
});
