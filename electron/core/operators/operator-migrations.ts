import type { Migration } from '../offline/migrations';

/**
 * The roster: one row per operator (their cards as JSON, the desk PIN only as a salted scrypt hash) and
 * the sign-in policy. Names are the desk's own staff as the sign-in list shows them; no cardholder's
 * personal details beyond the name and the server's id are kept.
 */
export const operatorMigrations: Migration[] = [
  {
    feature: 'operators',
    version: 1,
    name: 'the roster of operators and the sign-in policy',
    up(db) {
      db.exec(`
        CREATE TABLE operators (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          cardholder_id TEXT NOT NULL UNIQUE,
          cardholder_href TEXT NOT NULL,
          role TEXT NOT NULL,
          cards TEXT NOT NULL,
          pin_salt TEXT,
          pin_hash TEXT,
          added_at INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE operator_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
      `);
    },
  },
  {
    feature: 'operators',
    version: 2,
    name: 'wrong PINs, desk PIN per operator and card PIN per card, kept across restarts',
    up(db) {
      db.exec(`
        CREATE TABLE pin_failures (
          id INTEGER PRIMARY KEY,
          subject TEXT NOT NULL,
          at INTEGER NOT NULL,
          cleared INTEGER NOT NULL DEFAULT 0,
          lifted INTEGER NOT NULL DEFAULT 0
        ) STRICT;
        CREATE INDEX pin_failures_by_subject ON pin_failures (subject, at);
      `);
    },
  },
];
