// The desk's local store is SQLite through better-sqlite3, not node:sqlite: node:sqlite needs Node 22
// and the browser host runs on Node 20 here. better-sqlite3 builds from source at `npm ci` (its install
// script runs because package.json's `allowScripts` names it) with python3, make and g++.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { abiMismatch, rebuildAdvice } from '../native-module-error';
import { migrate, type Migration } from './migrations';

/** The store's file in the settings folder, beside config.json. */
export const localStoreFileName = 'gatehouse-local.sqlite3';

export interface LocalStoreOptions {
  /** Every feature's schema steps (registry.ts gathers them). */
  migrations: readonly Migration[];
  now?: () => number;
  /**
   * better-sqlite3's compiled module to use instead of the one in node_modules: the Electron shell
   * passes the build made for its own runtime (node_modules holds the build for Node).
   */
  nativeBinding?: string;
}

export class LocalStoreError extends Error {
  override readonly name = 'LocalStoreError';
}

/**
 * What the desk must not lose, kept on this machine: the audit log, the last-known board per site and
 * whatever features add (each through its own migrations). One file in the settings folder, one
 * instance per desk. Write-ahead logging with full syncs and a transaction per change mean a kill -9 at
 * any moment leaves either the change or nothing, never half of it.
 */
export class LocalStore {
  private constructor(
    /** The open database, for the features' own statements. Use `transaction` for anything of two writes. */
    readonly db: Database.Database,
    readonly path: string,
  ) {}

  /** Opens (creating if need be) the store in `dir` and brings its schema up to date. */
  static open(dir: string, options: LocalStoreOptions): LocalStore {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return LocalStore.openFile(join(dir, localStoreFileName), options);
  }

  /** Opens a given file; `:memory:` gives a throwaway store for tests. */
  static openFile(path: string, options: LocalStoreOptions): LocalStore {
    let db: Database.Database;
    try {
      if (path !== ':memory:') ownerOnly(path);
      db = new Database(path, { timeout: 5_000, ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}) });
    } catch (err) {
      const mismatch = abiMismatch(err);
      if (mismatch) {
        throw new LocalStoreError(
          `The desk's local store cannot be opened: its database module was built for another runtime (ABI ${mismatch.built}, this is ${mismatch.running}): ${rebuildAdvice('better-sqlite3')}.`,
          { cause: err },
        );
      }
      throw new LocalStoreError(`The desk's local store at ${path} could not be opened: ${err instanceof Error ? err.message : String(err)}`);
    }
    try {
      db.pragma('journal_mode = WAL');
      // FULL: a committed audit entry survives power loss, not only a killed process.
      db.pragma('synchronous = FULL');
      db.pragma('foreign_keys = ON');
      const check = db.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new LocalStoreError(`The desk's local store at ${path} is damaged (${String(check)})`);
      migrate(db, options.migrations, options.now);
    } catch (err) {
      db.close();
      throw err;
    }
    return new LocalStore(db, path);
  }

  /** Runs `work` as one transaction: all of its writes land, or none do. */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work).immediate();
  }

  get open(): boolean {
    return this.db.open;
  }

  /** Folds the write-ahead log into the main file and closes; later calls do nothing. */
  close(): void {
    if (!this.db.open) return;
    try {
      this.db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      this.db.close();
    }
  }
}

/** The files SQLite keeps beside the store: the write-ahead log, its index, a rollback journal. */
const COMPANIONS = ['', '-wal', '-shm', '-journal'];

/**
 * The store holds the audit log (who did what, on behalf of whom) and the site's board: readable by
 * this user alone (0600), not only inside a 0700 folder. SQLite makes its -wal, -shm and -journal
 * files with the mode of the database file, so the file is made 0600 before SQLite first opens it;
 * a store made by an earlier Gatehouse (0644) is narrowed too.
 */
function ownerOnly(path: string): void {
  if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
  for (const suffix of COMPANIONS) if (existsSync(path + suffix)) chmodSync(path + suffix, 0o600);
}
