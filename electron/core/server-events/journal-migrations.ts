import type { Migration } from '../offline/migrations';

/**
 * Where the live journal left off, per site (the server's origin): the last `updates` link the server
 * gave, an opaque bookmark. A desk that restarts asks from there, so nothing that happened while it was
 * down is missed. No event is kept here: the server is the journal.
 */
export const journalMigrations: Migration[] = [
  {
    feature: 'event-journal',
    version: 1,
    name: "the event journal's bookmark per site",
    up(db) {
      db.exec(`
        CREATE TABLE event_journal_bookmarks (
          site TEXT PRIMARY KEY,
          updates_href TEXT NOT NULL,
          saved_at INTEGER NOT NULL
        ) STRICT;
      `);
    },
  },
];
