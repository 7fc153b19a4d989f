import { chmodSync, closeSync, existsSync, mkdtempSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalStore } from '../../../electron/core/offline/local-store';
import { MigrationError, type Migration } from '../../../electron/core/offline/migrations';
import { storeMigrations } from '../../../electron/core/offline/registry';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-store-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const notes = (version: number, name: string, sql: string): Migration => ({ feature: 'notes', version, name, up: (db) => db.exec(sql) });

describe('LocalStore', () => {
  it('keeps the store and every file SQLite keeps beside it (-wal, -shm) readable by this user alone (0600)', () => {
    // Under a umask that would let others read (022), as on most desks.
    const umask = process.umask(0o022);
    try {
      const dir = tempDir();
      const store = LocalStore.open(dir, { migrations: [notes(1, 'notes table', 'CREATE TABLE notes (text TEXT)')] });
      store.db.prepare('INSERT INTO notes VALUES (?)').run('who opened the dock door');
      const files = readdirSync(dir);
      expect(files).toEqual(expect.arrayContaining(['gatehouse-local.sqlite3', 'gatehouse-local.sqlite3-wal', 'gatehouse-local.sqlite3-shm']));
      for (const file of files) expect(`${file} ${(statSync(join(dir, file)).mode & 0o777).toString(8)}`).toBe(`${file} 600`);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      store.close();
    } finally {
      process.umask(umask);
    }
  });

  it('narrows a store an earlier Gatehouse left readable by others (0644) when it opens it', () => {
    const dir = tempDir();
    const path = join(dir, 'gatehouse-local.sqlite3');
    LocalStore.open(dir, { migrations: [] }).close();
    chmodSync(path, 0o644);
    closeSync(openSync(`${path}-journal`, 'a', 0o644));
    const store = LocalStore.open(dir, { migrations: [] });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    if (existsSync(`${path}-journal`)) expect(statSync(`${path}-journal`).mode & 0o777).toBe(0o600);
    for (const suffix of ['-wal', '-shm']) if (existsSync(path + suffix)) expect(statSync(path + suffix).mode & 0o777).toBe(0o600);
    store.close();
  });

  it('opens in the folder with write-ahead logging and full syncs, and applies every feature migration', () => {
    const store = LocalStore.open(tempDir(), { migrations: storeMigrations });
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('synchronous', { simple: true })).toBe(2);
    const steps = store.db.prepare('SELECT feature, version FROM schema_migrations ORDER BY feature, version').all();
    // Every step of every feature the registry names, each once: the audit log, the last-known board,
    // the enrolment outbox, and whatever a feature adds next.
    const registered = storeMigrations.map(({ feature, version }) => ({ feature, version }));
    expect(registered.map((s) => s.feature)).toEqual(expect.arrayContaining(['audit', 'last-known', 'enrolment-outbox']));
    expect(steps).toEqual(registered.sort((a, b) => a.feature.localeCompare(b.feature) || a.version - b.version));
    store.close();
    expect(store.open).toBe(false);
  });

  it('runs only the steps added since the last start, keeping the data', () => {
    const dir = tempDir();
    const first = LocalStore.open(dir, { migrations: [notes(1, 'notes table', 'CREATE TABLE notes (text TEXT)')] });
    first.db.prepare('INSERT INTO notes VALUES (?)').run('kept');
    first.close();
    const second = LocalStore.open(dir, {
      migrations: [notes(1, 'notes table', 'CREATE TABLE notes (text TEXT)'), notes(2, 'a when column', 'ALTER TABLE notes ADD COLUMN at INTEGER')],
    });
    expect(second.db.prepare('SELECT text, at FROM notes').all()).toEqual([{ text: 'kept', at: null }]);
    second.close();
  });

  it('leaves the store as it was when a step fails, and says which', () => {
    const dir = tempDir();
    const failing = notes(1, 'half a table', 'CREATE TABLE half (a TEXT); CREATE TABLE half (b TEXT)');
    expect(() => LocalStore.open(dir, { migrations: [failing] })).toThrow(/already exists/);
    const store = LocalStore.open(dir, { migrations: [] });
    expect(store.db.prepare("SELECT name FROM sqlite_master WHERE name = 'half'").all()).toEqual([]);
    store.close();
  });

  it('refuses a store written by a newer Gatehouse rather than guessing at its schema', () => {
    const dir = tempDir();
    LocalStore.open(dir, { migrations: [notes(1, 'a', 'CREATE TABLE a (x)'), notes(2, 'b', 'CREATE TABLE b (x)')] }).close();
    expect(() => LocalStore.open(dir, { migrations: [notes(1, 'a', 'CREATE TABLE a (x)')] })).toThrow(/newer Gatehouse \(notes schema step 2; this one knows 1\)/);
  });

  it('refuses a feature whose steps are not numbered 1, 2, 3…', () => {
    const bad = [notes(1, 'a', 'SELECT 1'), notes(3, 'c', 'SELECT 1')];
    expect(() => LocalStore.openFile(':memory:', { migrations: bad })).toThrow(MigrationError);
    expect(() => LocalStore.openFile(':memory:', { migrations: bad })).toThrow(/numbered 1, 3/);
  });

  it('keeps a transaction whole: a failure inside it writes nothing', () => {
    const store = LocalStore.openFile(':memory:', { migrations: [notes(1, 'notes', 'CREATE TABLE notes (text TEXT)')] });
    const insert = store.db.prepare('INSERT INTO notes VALUES (?)');
    expect(() =>
      store.transaction(() => {
        insert.run('first');
        throw new Error('stopped half way');
      }),
    ).toThrow('stopped half way');
    expect(store.db.prepare('SELECT COUNT(*) AS n FROM notes').get()).toEqual({ n: 0 });
    store.close();
  });
});
