import type { Migration } from './migrations';

/** The audit log's tables: the entries, and a little state (retention, where the chain starts after pruning). */
export const auditMigrations: Migration[] = [
  {
    feature: 'audit',
    version: 1,
    name: 'audit entries with a hash chain, and audit settings',
    up(db) {
      db.exec(`
        CREATE TABLE audit_entries (
          seq INTEGER PRIMARY KEY,
          at INTEGER NOT NULL,
          desk TEXT NOT NULL,
          kind TEXT NOT NULL,
          outcome TEXT NOT NULL,
          action TEXT NOT NULL,
          personal TEXT,
          personal_state TEXT NOT NULL,
          prev_hash TEXT NOT NULL,
          hash TEXT NOT NULL
        ) STRICT;
        CREATE INDEX audit_entries_at ON audit_entries (at);
        CREATE TABLE audit_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
      `);
    },
  },
  {
    feature: 'audit',
    version: 2,
    name: 'each entry names the operator signed in when it was recorded',
    up(db) {
      db.exec('ALTER TABLE audit_entries ADD COLUMN operator TEXT');
    },
  },
];
