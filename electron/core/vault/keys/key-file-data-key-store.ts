import { chmodSync, closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { VaultError, reasonOf } from '../errors';
import { dataKeyBytes } from './envelope';
import type { DataKeyStore } from './data-key-store';

export const keyFileName = 'vault-data-key.less-safe';

/**
 * The less-safe mode: the data key in a file only the user can read, beside the settings. Anyone who
 * can read the user's files can read the secrets, which is why this mode is only ever used when the
 * operator chose it. A key file others can read is refused rather than used, as ssh does.
 */
export class KeyFileDataKeyStore implements DataKeyStore {
  readonly mode = 'less-safe-key-file' as const;
  readonly file: string;

  constructor(readonly dir: string) {
    this.file = join(dir, keyFileName);
  }

  async read(): Promise<Uint8Array | null> {
    let mode: number;
    try {
      mode = statSync(this.file).mode;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new VaultError('key-file-unsafe', `Cannot read the vault key file ${this.file}: ${reasonOf(err)}`);
    }
    if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
      throw new VaultError(
        'key-file-unsafe',
        `The vault key file ${this.file} is readable by other users (mode ${(mode & 0o777).toString(8)}); ` +
          'it must be 600. Fix its permissions or delete it and re-enter the secrets.',
      );
    }
    const key = Buffer.from(readFileSync(this.file, 'utf8').trim(), 'base64');
    if (key.length !== dataKeyBytes) {
      throw new VaultError('key-file-unsafe', `The vault key file ${this.file} does not hold a 256-bit key`);
    }
    return key;
  }

  async write(key: Uint8Array): Promise<void> {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const temporary = `${this.file}.tmp`;
    try {
      rmSync(temporary, { force: true });
      const fd = openSync(temporary, 'wx', 0o600);
      try {
        writeSync(fd, Buffer.from(key).toString('base64'));
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      chmodSync(temporary, 0o600); // the umask cannot widen it, but an odd one could have narrowed it oddly
      renameSync(temporary, this.file);
    } catch (err) {
      rmSync(temporary, { force: true });
      throw new VaultError('key-file-unsafe', `Cannot write the vault key file ${this.file}: ${reasonOf(err)}`);
    }
  }

  async remove(): Promise<void> {
    rmSync(this.file, { force: true });
  }
}
