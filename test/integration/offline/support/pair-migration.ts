import type { Migration } from '../../../../electron/core/offline/migrations';

/** A test feature: two counters always bumped together, and a log row per bump. */
export const pairMigration: Migration = {
  feature: 'kill-test',
  version: 1,
  name: 'paired counters',
  up(db) {
    db.exec('CREATE TABLE pairs (a INTEGER NOT NULL, b INTEGER NOT NULL); INSERT INTO pairs VALUES (0, 0); CREATE TABLE pair_log (n INTEGER NOT NULL)');
  },
};
