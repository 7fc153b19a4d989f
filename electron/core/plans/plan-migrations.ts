import type { Migration } from '../offline/migrations';

/**
 * Floor plans per site and floor (the drawing itself, with its size and where it came from), where each
 * item's pin sits on its floor's plan, and which demo drawings were seeded (so a demo plan the operator
 * removed is not put back at the next start). Site configuration only: nothing here names a person.
 */
export const planMigrations: Migration[] = [
  {
    feature: 'plans',
    version: 1,
    name: 'floor plan images, item pins and seeded demo plans per site and floor',
    up(db) {
      db.exec(`
        CREATE TABLE plans (
          site TEXT NOT NULL,
          floor TEXT NOT NULL,
          name TEXT NOT NULL,
          media_type TEXT NOT NULL,
          source TEXT NOT NULL,
          image BLOB NOT NULL,
          width REAL NOT NULL,
          height REAL NOT NULL,
          removed TEXT NOT NULL,
          updated_at INTEGER NOT NULL,
          PRIMARY KEY (site, floor)
        ) STRICT;
        CREATE TABLE plan_pins (
          site TEXT NOT NULL,
          floor TEXT NOT NULL,
          item TEXT NOT NULL,
          x REAL NOT NULL,
          y REAL NOT NULL,
          PRIMARY KEY (site, floor, item),
          FOREIGN KEY (site, floor) REFERENCES plans (site, floor) ON DELETE CASCADE
        ) STRICT;
        CREATE TABLE plan_demo_seeds (
          site TEXT NOT NULL,
          floor TEXT NOT NULL,
          seeded_at INTEGER NOT NULL,
          PRIMARY KEY (site, floor)
        ) STRICT;
      `);
    },
  },
  {
    feature: 'plans',
    version: 2,
    name: 'the digest of each seeded demo drawing, so an unchanged one is not checked again at every start',
    up(db) {
      db.exec('ALTER TABLE plan_demo_seeds ADD COLUMN drawing_sha256 TEXT');
    },
  },
];
