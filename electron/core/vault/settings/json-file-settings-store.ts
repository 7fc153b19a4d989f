import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { VaultError, reasonOf } from '../errors';
import { assertPlainKey, type JsonValue, type SettingsStore } from './settings-store';

/** electron-store's file name and serialisation (tab-indented JSON), so either can read the other's file. */
export const settingsFileName = 'config.json';

/**
 * Settings in `<dir>/config.json`, the file electron-store writes. Every write replaces the file
 * atomically (a private temporary file, flushed, then renamed over it) so a crash or power cut leaves
 * either the old settings or the new ones, never half a file. The directory and file are private to
 * the user (0700 / 0600): settings hold no plaintext secret, but they hold the encrypted ones.
 */
export class JsonFileSettingsStore implements SettingsStore {
  readonly file: string;

  constructor(readonly dir: string) {
    this.file = join(dir, settingsFileName);
  }

  get(key: string): unknown {
    assertPlainKey(key);
    const all = this.readAll();
    return Object.hasOwn(all, key) ? all[key] : undefined;
  }

  set(key: string, value: JsonValue): void {
    assertPlainKey(key);
    const all = this.readAll();
    // A round trip through JSON keeps a caller's later mutation of `value` out of what was saved.
    all[key] = JSON.parse(JSON.stringify(value)) as JsonValue;
    this.writeAll(all);
  }

  delete(key: string): void {
    assertPlainKey(key);
    const all = this.readAll();
    if (!Object.hasOwn(all, key)) return;
    delete all[key];
    this.writeAll(all);
  }

  private readAll(): Record<string, JsonValue> {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw new VaultError('settings-file', `Cannot read the settings file ${this.file}: ${reasonOf(err)}`);
    }
    if (text.trim() === '') return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      // The parser's message quotes file content, which may be an encrypted secret: say only where.
      throw new VaultError('settings-file', `The settings file ${this.file} is not valid JSON`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new VaultError('settings-file', `The settings file ${this.file} does not hold a JSON object`);
    }
    return parsed as Record<string, JsonValue>;
  }

  private writeAll(all: Record<string, JsonValue>): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const temporary = join(this.dir, `.${settingsFileName}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      const fd = openSync(temporary, 'wx', 0o600);
      try {
        writeSync(fd, JSON.stringify(all, undefined, '\t'));
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(temporary, this.file);
    } catch (err) {
      rmSync(temporary, { force: true });
      throw new VaultError('settings-file', `Cannot write the settings file ${this.file}: ${reasonOf(err)}`);
    }
  }
}
