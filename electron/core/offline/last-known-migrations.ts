import { packItem, SharedWriter } from '../../../shared/contract/board-packing';
import { BoardItem } from '../../../shared/domain';
import type { Migration } from './migrations';
import { storedJson } from './stored-json';

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
  {
    feature: 'last-known',
    version: 2,
    name: "last-known items packed: each names its site's shared values (division, floors, offers…) by index",
    up(db) {
      db.exec(`
        CREATE TABLE last_known_shared (
          site TEXT PRIMARY KEY REFERENCES last_known_sites (site) ON DELETE CASCADE,
          shared TEXT NOT NULL
        ) STRICT;
      `);
      const sites = db.prepare('SELECT site FROM last_known_sites').all() as { site: string }[];
      const rows = db.prepare('SELECT href, item FROM last_known_items WHERE site = ? ORDER BY position');
      const update = db.prepare('UPDATE last_known_items SET item = ? WHERE site = ? AND href = ?');
      const drop = db.prepare('DELETE FROM last_known_items WHERE site = ? AND href = ?');
      const putShared = db.prepare('INSERT INTO last_known_shared (site, shared) VALUES (?, ?)');
      for (const { site } of sites) {
        const shared = new SharedWriter();
        for (const { href, item } of rows.all(site) as { href: string; item: string }[]) {
          // A row an older Gatehouse wrote in another shape was skipped on every load: it goes now.
          const parsed = BoardItem.safeParse(storedJson(item));
          if (parsed.success) update.run(JSON.stringify(packItem(parsed.data, shared)), site, href);
          else drop.run(site, href);
        }
        putShared.run(site, JSON.stringify(shared.values));
      }
    },
  },
  {
    feature: 'last-known',
    version: 3,
    name: "the digest of each site's kept board: the same board loaded again is not written again",
    up(db) {
      // NULL for boards kept before: written once more at their next load, with their digest.
      db.exec('ALTER TABLE last_known_sites ADD COLUMN board_digest TEXT');
    },
  },
  {
    feature: 'last-known',
    version: 4,
    name: "the digest of each site's kept rows as written: rows that match it are not checked item by item again",
    up(db) {
      // NULL for boards kept before: checked item by item until the board is next written.
      db.exec('ALTER TABLE last_known_sites ADD COLUMN rows_digest TEXT');
    },
  },
];
