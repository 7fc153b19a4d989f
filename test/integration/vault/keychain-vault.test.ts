import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPemCredential } from '../../../electron/core/vault/certificates/import-pem';
import type { ClientCredential } from '../../../electron/core/vault/certificates/client-credential';
import { VaultError } from '../../../electron/core/vault/errors';
import type { DataKeyStore } from '../../../electron/core/vault/keys/data-key-store';
import { KeyFileDataKeyStore } from '../../../electron/core/vault/keys/key-file-data-key-store';
import {
  KeychainDataKeyStore,
  keychainAccount,
  keychainService,
} from '../../../electron/core/vault/keys/keychain-data-key-store';
import { JsonFileSettingsStore } from '../../../electron/core/vault/settings/json-file-settings-store';
import { Vault } from '../../../electron/core/vault/vault';
import { makeCertificate, pkcs8Pem, traditionalPem, type TestCertificate } from '../../unit/vault/support/certificates';
import { findLeaks } from './support/scan-directory';
import {
  hasCommand,
  isolatedKeyring,
  lockDefaultCollection,
  realPartsRequired,
  secretServiceMissing,
  secretToolLookup,
  testServiceName,
} from './support/secret-service';

// All Secret Service tests live in this one file: they share one D-Bus session, and the last one
// locks the keyring, which nothing here can unlock again without a graphical prompt.

const missing = await secretServiceMissing();
const skipKeychain = missing !== null && !realPartsRequired;
const keychainTitle = skipKeychain ? `real Secret Service (skipped: ${missing})` : 'real Secret Service';

const apiKey = '7C1E-90AB-44D2-0F3E-BB61-2A9C-5D07-E8F4';
let dir: string;
let rsa: TestCertificate;
let credential: ClientCredential;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-keychain-'));
  rsa = await makeCertificate({ subject: 'CN=Reception desk', kind: 'rsa' });
  credential = importPemCredential([rsa.certificatePem, traditionalPem(rsa)]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function freshDir(name: string): string {
  return join(dir, name);
}

function vaultWith(settingsDir: string, service: string): Vault {
  return new Vault(new JsonFileSettingsStore(settingsDir), {
    'os-keychain': new KeychainDataKeyStore(service),
    'less-safe-key-file': new KeyFileDataKeyStore(settingsDir),
  });
}

/** The private key in every form it was ever held in: as imported, as stored (PKCS#8), and as DER. */
function keySecrets(): string[] {
  return [traditionalPem(rsa), pkcs8Pem(rsa), credential.privateKeyPem];
}

describe('Secret Service requirement', () => {
  it.runIf(realPartsRequired)('is met when GATEHOUSE_REQUIRE_REAL_PARTS=1', () => {
    expect(missing).toBeNull();
  });
});

describe.skipIf(skipKeychain)(keychainTitle, () => {
  it('keeps the data key in Secret Service itself, as secret-tool sees it', async () => {
    const service = testServiceName();
    const store = new KeychainDataKeyStore(service);
    const key = Buffer.alloc(32, 7);
    await store.write(key);
    try {
      expect(Buffer.from((await store.read())!).equals(key)).toBe(true);
      if (hasCommand('secret-tool', ['--help'])) {
        expect(secretToolLookup(service, keychainAccount)).toBe(key.toString('base64'));
      }
    } finally {
      await store.remove();
    }
    expect(await store.read()).toBeNull();
  });

  it.skipIf(!isolatedKeyring)(
    'stores the data key under the service "Gatehouse", one entry per settings folder (only in the throwaway keyring of scripts/vault)',
    async () => {
      const settingsDir = freshDir('default-service');
      await Vault.create(new JsonFileSettingsStore(settingsDir), settingsDir).setApiKey(apiKey);
      // Each settings folder's vault has an entry of its own, named by the vault id in its settings.
      const account = `${keychainAccount}/${JSON.parse(readFileSync(join(settingsDir, 'config.json'), 'utf8')).vault.vaultId}`;
      const stored = secretToolLookup(keychainService, account);
      expect(stored).toMatch(/^[A-Za-z0-9+/]{43}=$/);
      expect(stored).not.toContain(apiKey);
      // Another process would build a new Vault over the same file: it reads the key back.
      expect(await Vault.create(new JsonFileSettingsStore(settingsDir), settingsDir).getApiKey()).toBe(apiKey);
      await Vault.create(new JsonFileSettingsStore(settingsDir), settingsDir).deleteAll();
      expect(secretToolLookup(keychainService, account)).toBeNull();
    },
  );

  it('leaves neither the API key nor the private key in the settings directory', async () => {
    const settingsDir = freshDir('scan-keychain');
    const service = testServiceName();
    const vault = vaultWith(settingsDir, service);
    await vault.setApiKey(apiKey);
    await vault.setClientCredential(credential);
    // Read back through a second instance, as the app does after a restart.
    const again = vaultWith(settingsDir, service);
    expect(await again.getApiKey()).toBe(apiKey);
    expect((await again.getClientCredential())?.privateKeyPem).toBe(credential.privateKeyPem);

    const config = readFileSync(join(settingsDir, 'config.json'), 'utf8');
    expect(config).toContain('A256GCM'); // the scan really reads the file the secrets went to
    expect(config).toContain(credential.summary.sha1Thumbprint); // and public data stays readable
    expect(findLeaks(settingsDir, [apiKey, ...keySecrets()])).toEqual([]);
    await again.deleteAll();
  });

  it('keeps one key per settings folder: one desk switching to the less-safe mode leaves another desk\'s secrets', async () => {
    const service = testServiceName();
    const reception = vaultWith(freshDir('two-desks-reception'), service);
    const loadingBay = vaultWith(freshDir('two-desks-loading-bay'), service);
    await reception.setApiKey(apiKey);
    await loadingBay.setApiKey('LOADING-BAY-KEY');
    await reception.chooseMode('less-safe-key-file', { acknowledgeLessSafe: true });
    expect(await loadingBay.getApiKey()).toBe('LOADING-BAY-KEY');
    expect(await reception.getApiKey()).toBe(apiKey);
    await loadingBay.deleteAll();
    expect(await reception.getApiKey()).toBe(apiKey);
  });

  it('moves a vault off the entry all folders once shared, and never deletes that shared entry', async () => {
    const service = testServiceName();
    const shared = new KeychainDataKeyStore(service);
    // Before per-folder keys: every folder's vault used the one entry under the plain account name.
    const sharedOnly: DataKeyStore = { mode: 'os-keychain', read: () => shared.read(), write: (k) => shared.write(k), remove: () => shared.remove() };
    const oldVault = (settingsDir: string) =>
      new Vault(new JsonFileSettingsStore(settingsDir), { 'os-keychain': sharedOnly, 'less-safe-key-file': new KeyFileDataKeyStore(settingsDir) });
    const receptionDir = freshDir('migrate-reception');
    const loadingBayDir = freshDir('migrate-loading-bay');
    for (const [settingsDir, key] of [[receptionDir, apiKey], [loadingBayDir, 'LOADING-BAY-KEY']] as const) {
      await oldVault(settingsDir).setApiKey(key);
      // Settings written before per-folder keys have no vault id.
      const file = join(settingsDir, 'config.json');
      const config = JSON.parse(readFileSync(file, 'utf8'));
      delete config.vault.vaultId;
      writeFileSync(file, JSON.stringify(config));
    }
    const sharedKey = await shared.read();

    const reception = vaultWith(receptionDir, service);
    expect(await reception.getApiKey()).toBe(apiKey);
    const vaultId = JSON.parse(readFileSync(join(receptionDir, 'config.json'), 'utf8')).vault.vaultId as string;
    expect(vaultId).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    if (hasCommand('secret-tool', ['--help'])) {
      expect(secretToolLookup(service, `${keychainAccount}/${vaultId}`)).toBe(Buffer.from(sharedKey!).toString('base64'));
    }
    await reception.chooseMode('less-safe-key-file', { acknowledgeLessSafe: true });
    await reception.deleteAll();
    expect(Buffer.from((await shared.read())!).equals(Buffer.from(sharedKey!))).toBe(true);
    expect(await vaultWith(loadingBayDir, service).getApiKey()).toBe('LOADING-BAY-KEY');
    await vaultWith(loadingBayDir, service).deleteAll();
    await shared.remove();
  });

  it('refuses secrets when the keychain is locked, without a secret in the error', async () => {
    const settingsDir = freshDir('locked');
    const service = testServiceName();
    const vault = vaultWith(settingsDir, service);
    await vault.setApiKey(apiKey);
    const before = readFileSync(join(settingsDir, 'config.json'), 'utf8');

    lockDefaultCollection();

    const reading = await vault.getApiKey().then(
      () => null,
      (err: unknown) => err,
    );
    expect(reading).toBeInstanceOf(VaultError);
    expect(['keychain-unavailable', 'keychain-key-missing']).toContain((reading as VaultError).failure);
    expect((reading as Error).message).toMatch(/locked/);
    expect((reading as Error).message).not.toContain(apiKey);
    await expect(vault.setClientCredential(credential)).rejects.toBeInstanceOf(VaultError);
    expect(readFileSync(join(settingsDir, 'config.json'), 'utf8')).toBe(before);
  });
});

describe('less-safe key-file mode', () => {
  it('leaves neither the API key nor the private key in the settings directory either', async () => {
    const settingsDir = freshDir('scan-key-file');
    const vault = vaultWith(settingsDir, testServiceName());
    await vault.chooseMode('less-safe-key-file', { acknowledgeLessSafe: true });
    await vault.setApiKey(apiKey);
    await vault.setClientCredential(credential);
    expect(await vault.getApiKey()).toBe(apiKey);
    expect(readFileSync(join(settingsDir, 'config.json'), 'utf8')).toContain('"mode": "less-safe-key-file"');
    expect(findLeaks(settingsDir, [apiKey, ...keySecrets()])).toEqual([]);
  });
});
