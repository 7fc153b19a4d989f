import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VaultError } from '../../../electron/core/vault/errors';
import { KeyFileDataKeyStore } from '../../../electron/core/vault/keys/key-file-data-key-store';
import { JsonFileSettingsStore } from '../../../electron/core/vault/settings/json-file-settings-store';
import { Vault } from '../../../electron/core/vault/vault';
import { MemoryKeyStore } from './support/memory-key-store';

let dir: string;
let vault: Vault;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-sealer-'));
  vault = new Vault(new JsonFileSettingsStore(dir), { 'os-keychain': new MemoryKeyStore(), 'less-safe-key-file': new KeyFileDataKeyStore(dir) });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('Vault.localDataSealer', () => {
  it('seals with a key kept sealed in the vault, the same one each time', async () => {
    const sealed = (await vault.localDataSealer()).seal('audit/override', 'cardholder 4711');
    expect(sealed).not.toContain('4711');
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toContain('localStoreKey');
    expect((await vault.localDataSealer()).open('audit/override', sealed)).toBe('cardholder 4711');
  });

  it('still opens what it sealed after the vault moves its key to another place', async () => {
    const sealed = (await vault.localDataSealer()).seal('audit/override', 'cardholder 4711');
    await vault.chooseMode('less-safe-key-file', { acknowledgeLessSafe: true });
    expect((await vault.localDataSealer()).open('audit/override', sealed)).toBe('cardholder 4711');
  });

  it('refuses a value moved to another purpose, or altered', async () => {
    const sealer = await vault.localDataSealer();
    const sealed = sealer.seal('audit/override', 'cardholder 4711');
    expect(() => sealer.open('audit/enrolment', sealed)).toThrow(VaultError);
    // Another first character, always: one in 64 sealed values already begins with the one put in.
    const altered = sealed.replace(/"data":"(.)/, (_whole, first: string) => `"data":"${first === 'A' ? 'B' : 'A'}`);
    expect(altered).not.toBe(sealed);
    expect(() => sealer.open('audit/override', altered)).toThrow(/integrity check|format/);
  });
});
