import type { Migration } from '../offline/migrations';

/**
 * The alarm follower's place in the server's alarm history (the updates bookmark) and the last-known
 * queue per site (keyed by the server's origin), so a restart resumes where it stopped and a desk
 * started offline shows the queue it last had; and the board's local acknowledgements, kept for sites
 * without the server's alarms.
 */
export const alarmMigrations: Migration[] = [
  {
    feature: 'alarms',
    version: 1,
    name: 'alarm bookmark and last-known queue per site; local acknowledgements',
    up(db) {
      db.exec(`
        CREATE TABLE alarm_follow (
          site TEXT PRIMARY KEY,
          bookmark TEXT,
          heard_at INTEGER
        ) STRICT;
        CREATE TABLE alarm_known (
          site TEXT NOT NULL,
          id TEXT NOT NULL,
          alarm TEXT NOT NULL,
          PRIMARY KEY (site, id)
        ) STRICT;
        CREATE TABLE local_acknowledgements (
          href TEXT PRIMARY KEY,
          concern TEXT NOT NULL,
          at INTEGER NOT NULL
        ) STRICT;
      `);
    },
  },
];
