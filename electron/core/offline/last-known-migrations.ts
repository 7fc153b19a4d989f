import type { Migration } from './migrations';

/**
 * The last-known board per site (keyed by the server's origin): what discovery said, the board's items
 * and each item's last status with when it was received. Site configuration and status words only:
 * nothing here names a person.
 */
export const lastKnownMigrations: Migration[] = [
  {
    feature: 'last-known',
    version: 1,
    name: 'last-known discovery, board items and statuses per site',
    up(db) {
      db.exec(`
        CREATE TABLE last_known_sites (
          site TEXT PRIMARY KEY,
          server_version TEXT,
          features TEXT NOT NULL,
          saved_at INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE last_known_items (
          site TEXT NOT NULL REFERENCES last_known_sites (site) ON DELETE CASCADE,
          href TEXT NOT NULL,
          position INTEGER NOT NULL,
          item TEXT NOT NULL,
          PRIMARY KEY (site, href)
        ) STRICT;
        CREATE TABLE last_known_statuses (
          site TEXT NOT NULL REFERENCES last_known_sites (site) ON DELETE CASCADE,
          href TEXT NOT NULL,
          status TEXT NOT NULL,
          received_at INTEGER NOT NULL,
          PRIMARY KEY (site, href)
        ) STRICT;
      `);
    },
  },
];
