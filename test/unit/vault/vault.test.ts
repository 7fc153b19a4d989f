import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importPemCredential } from '../../../electron/core/vault/certificates/import-pem';
import type { ClientCredential } from '../../../electron/core/vault/certificates/client-credential';
import { VaultError } from '../../../electron/core/vault/errors';
import { KeyFileDataKeyStore } from '../../../electron/core/vault/keys/key-file-data-key-store';
import { JsonFileSettingsStore } from '../../../electron/core/vault/settings/json-file-settings-store';
import { Vault } from '../../../electron/core/vault/vault';
import { makeCertificate, pkcs8Pem } from './support/certificates';
import { MemoryKeyStore } from './support/memory-key-store';

const apiKey = '1A2B-3C4D-5E6F-7A8B-9C0D-1E2F-3A4B-5C6D';
let credential: ClientCredential;
let dir: string;
let settings: JsonFileSettingsStore;
let keychain: MemoryKeyStore;
let vault: Vault;

beforeAll(async () => {
  const cert = await makeCertificate({ subject: 'CN=Reception desk' });
  credential = importPemCredential([cert.certificatePem, pkcs8Pem(cert)]);
});

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-vault-'));
  settings = new JsonFileSettingsStore(dir);
  keychain = new MemoryKeyStore();
  vault = new Vault(settings, { 'os-keychain': keychain, 'less-safe-key-file': new KeyFileDataKeyStore(dir) });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function failureOf(run: () => Promise<unknown>): Promise<VaultError> {
  try {
    await run();
  } catch (err) {
    if (err instanceof VaultError) return err;
    throw err;
  }
  throw new Error('expected a VaultError');
}

describe('vault', () => {
  it('stores and returns the API key and client credential, sealed in the settings file', async () => {
    await vault.setApiKey(apiKey);
    const info = await vault.setClientCredential(credential);
    expect(await vault.getApiKey()).toBe(apiKey);
    expect(await vault.getClientCredential()).toEqual({
      certificatePem: credential.certificatePem,
      privateKeyPem: credential.privateKeyPem,
    });
    expect(vault.status()).toEqual({ mode: 'os-keychain', lessSafe: false, hasApiKey: true, clientCredential: info });
    expect(info.summary.sha1Thumbprint).toBe(credential.summary.sha1Thumbprint);
    const file = readFileSync(join(dir, 'config.json'), 'utf8');
    expect(file).not.toContain(apiKey);
    expect(file).not.toContain(credential.privateKeyPem.split('\n')[1]);
    expect(keychain.writes).toBe(1); // one data key for every secret
  });

  it('takes a pasted API key without the whitespace around it', async () => {
    await vault.setApiKey(`  ${apiKey}\r\n`);
    expect(await vault.getApiKey()).toBe(apiKey);
  });

  it('replaces and deletes secrets independently', async () => {
    await vault.setApiKey(apiKey);
    await vault.setApiKey('FFFF-0000');
    await vault.setClientCredential(credential);
    expect(await vault.getApiKey()).toBe('FFFF-0000');
    await vault.deleteClientCredential();
    expect(await vault.getClientCredential()).toBeNull();
    expect(vault.status().clientCredential).toBeNull();
    expect(await vault.getApiKey()).toBe('FFFF-0000');
    await vault.deleteApiKey();
    expect(await vault.getApiKey()).toBeNull();
  });

  it('replaces the client credential with a newly imported one', async () => {
    await vault.setClientCredential(credential);
    const next = await makeCertificate({ subject: 'CN=Reception desk 2027' });
    const replacement = importPemCredential([next.certificatePem, pkcs8Pem(next)]);
    await vault.setClientCredential(replacement);
    expect(vault.status().clientCredential?.summary.sha1Thumbprint).toBe(replacement.summary.sha1Thumbprint);
    expect((await vault.getClientCredential())?.privateKeyPem).toBe(replacement.privateKeyPem);
    expect(replacement.summary.sha1Thumbprint).not.toBe(credential.summary.sha1Thumbprint);
  });

  it('creates one data key even when the first writes race', async () => {
    await Promise.all([vault.setApiKey(apiKey), vault.setClientCredential(credential)]);
    expect(keychain.writes).toBe(1);
    expect(await vault.getApiKey()).toBe(apiKey);
  });

  it('refuses to store a secret when no keychain is reachable, and says what to choose instead', async () => {
    keychain.unreachable = true;
    const error = await failureOf(() => vault.setApiKey(apiKey));
    expect(error.failure).toBe('keychain-unavailable');
    expect(error.message).toMatch(/^This computer has no keychain running.*try again, or choose the less-safe key file in Settings/);
    expect(error.message).not.toMatch(/d-?bus/i);
    expect(error.message).not.toContain(apiKey);
    expect(settings.get('vault')).toBeUndefined();
    // The check hands Settings the library's reason to choose its own words from; the error already has words.
    expect(await vault.checkKeychain()).toEqual({ available: false, reason: 'no D-Bus session (test)' });
  });

  it('refuses to store a secret in a locked keychain that silently drops the key', async () => {
    keychain.locked = true;
    const error = await failureOf(() => vault.setApiKey(apiKey));
    expect(error.failure).toBe('keychain-unavailable');
    expect(error.message).toMatch(/keychain is locked: unlock it/);
    expect(vault.status().hasApiKey).toBe(false);
  });

  it('says the keychain is locked or lost rather than replacing the key of stored secrets', async () => {
    await vault.setApiKey(apiKey);
    keychain.locked = true;
    expect((await failureOf(() => vault.getApiKey())).failure).toBe('keychain-key-missing');
    expect((await failureOf(() => vault.setClientCredential(credential))).failure).toBe('keychain-key-missing');
    keychain.locked = false;
    expect(await vault.getApiKey()).toBe(apiKey);
  });

  it('lets the operator start over when the key is gone for good', async () => {
    await vault.setApiKey(apiKey);
    keychain.key = null;
    await vault.deleteAll();
    expect(vault.status().hasApiKey).toBe(false);
    await vault.setApiKey('NEW-KEY');
    expect(await vault.getApiKey()).toBe('NEW-KEY');
  });

  it('refuses an API key that could not go into a header, without echoing it', async () => {
    expect((await failureOf(() => vault.setApiKey(' \n'))).message).toBe('The API key is empty');
    const error = await failureOf(() => vault.setApiKey('ABCD\r\nX-Injected: 1'));
    expect(error.message).toMatch(/control or non-ASCII/);
    expect(error.message).not.toContain('ABCD');
  });

  it('uses the less-safe key file only when chosen explicitly, and shows that mode in settings', async () => {
    keychain.unreachable = true;
    expect((await failureOf(() => vault.chooseMode('less-safe-key-file'))).failure).toBe('mode-not-chosen');
    await vault.chooseMode('less-safe-key-file', { acknowledgeLessSafe: true });
    await vault.setApiKey(apiKey);
    expect(await vault.getApiKey()).toBe(apiKey);
    expect(vault.status()).toMatchObject({ mode: 'less-safe-key-file', lessSafe: true });
    expect(settings.get('vault')).toMatchObject({ mode: 'less-safe-key-file' });
    const keyFile = new KeyFileDataKeyStore(dir).file;
    if (process.platform !== 'win32') expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).not.toContain(apiKey);
  });

  it('re-seals stored secrets under a new key when the mode changes', async () => {
    await vault.setApiKey(apiKey);
    await vault.setClientCredential(credential);
    const before = JSON.stringify(settings.get('vault'));
    await vault.chooseMode('less-safe-key-file', { acknowledgeLessSafe: true });
    expect(keychain.key).toBeNull(); // the old key is gone from the keychain
    expect(JSON.stringify(settings.get('vault'))).not.toBe(before);
    expect(await vault.getApiKey()).toBe(apiKey);
    await vault.chooseMode('os-keychain');
    expect(await vault.getClientCredential()).toMatchObject({ privateKeyPem: credential.privateKeyPem });
    expect(vault.status().lessSafe).toBe(false);
  });

  it('reports a tampered secret as unreadable, naming the field only', async () => {
    await vault.setApiKey(apiKey);
    const record = settings.get('vault') as { apiKey: { data: string } };
    record.apiKey.data = Buffer.from('tampered').toString('base64');
    settings.set('vault', record);
    const error = await failureOf(() => vault.getApiKey());
    expect(error.failure).toBe('secret-unreadable');
    expect(error.message).toMatch(/stored apiKey failed its integrity check/);
  });
});
