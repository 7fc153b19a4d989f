import type { LocalStore } from '../offline/local-store';

/** Where the journal's follower resumes after a restart. */
export interface BookmarkStore {
  load(site: string): string | undefined;
  save(site: string, updatesHref: string): void;
  forget(site: string): void;
}

/** The bookmark in the desk's local store (journal-migrations.ts). */
export class StoredBookmarks implements BookmarkStore {
  constructor(
    private readonly store: LocalStore,
    private readonly now: () => number = Date.now,
  ) {}

  load(site: string): string | undefined {
    const row = this.store.db.prepare('SELECT updates_href FROM event_journal_bookmarks WHERE site = ?').get(site) as { updates_href: string } | undefined;
    return row?.updates_href;
  }

  save(site: string, updatesHref: string): void {
    this.store.db
      .prepare(
        `INSERT INTO event_journal_bookmarks (site, updates_href, saved_at) VALUES (?, ?, ?)
         ON CONFLICT (site) DO UPDATE SET updates_href = excluded.updates_href, saved_at = excluded.saved_at`,
      )
      .run(site, updatesHref, this.now());
  }

  forget(site: string): void {
    this.store.db.prepare('DELETE FROM event_journal_bookmarks WHERE site = ?').run(site);
  }
}

/** For desks built without a local store (tools, some tests): the bookmark lives as long as the desk. */
export class MemoryBookmarks implements BookmarkStore {
  private readonly kept = new Map<string, string>();
  load(site: string): string | undefined {
    return this.kept.get(site);
  }
  save(site: string, updatesHref: string): void {
    this.kept.set(site, updatesHref);
  }
  forget(site: string): void {
    this.kept.delete(site);
  }
}
