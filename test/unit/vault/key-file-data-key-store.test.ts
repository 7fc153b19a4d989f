import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KeyFileDataKeyStore } from '../../../electron/core/vault/keys/key-file-data-key-store';
import { generateDataKey } from '../../../electron/core/vault/keys/data-key-store';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-keyfile-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const posix = process.platform !== 'win32';

describe('less-safe key file', () => {
  it('keeps the key in a 0600 file and reads it back', async () => {
    const store = new KeyFileDataKeyStore(dir);
    expect(await store.read()).toBeNull();
    const key = generateDataKey();
    await store.write(key);
    expect(Buffer.from((await store.read())!).equals(Buffer.from(key))).toBe(true);
    if (posix) expect(statSync(store.file).mode & 0o777).toBe(0o600);
    await store.remove();
    expect(await store.read()).toBeNull();
  });

  it.skipIf(!posix)('refuses a key file other users can read (POSIX permissions only)', async () => {
    const store = new KeyFileDataKeyStore(dir);
    await store.write(generateDataKey());
    chmodSync(store.file, 0o644);
    await expect(store.read()).rejects.toThrow(/readable by other users \(mode 644\)/);
  });

  it('refuses a key file that does not hold a 256-bit key', async () => {
    const store = new KeyFileDataKeyStore(dir);
    writeFileSync(store.file, 'c2hvcnQ=', { mode: 0o600 });
    await expect(store.read()).rejects.toThrow(/does not hold a 256-bit key/);
  });
});
