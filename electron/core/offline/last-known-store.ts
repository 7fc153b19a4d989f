import { BoardItem, ItemStatus } from '../../../shared/domain';
import type { LocalStore } from './local-store';
import type { LastKnownBoard, SiteStateSink } from './state-sink';

const flushAfterMs = 1_000;

/**
 * The last-known board per site (keyed by the server's origin) in the local store. Status batches are
 * held in memory and written together about once a second, one transaction per flush, so the monitor
 * never waits on the disk; `flush` (called on close) writes whatever is pending.
 */
export class LastKnownStore {
  private readonly pending = new Map<string, Map<string, ItemStatus>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: LocalStore,
    private readonly now: () => number = Date.now,
  ) {}

  sinkFor(site: string): SiteStateSink {
    return {
      lastKnown: () => this.load(site),
      catalogueLoaded: (discovery, items, statuses) => this.saveBoard(site, discovery, items, statuses),
      statusBatch: (statuses) => this.queue(site, statuses),
    };
  }

  load(site: string): LastKnownBoard | undefined {
    this.flush();
    const db = this.store.db;
    const row = db.prepare('SELECT server_version, features, saved_at FROM last_known_sites WHERE site = ?').get(site) as { server_version: string | null; features: string; saved_at: number } | undefined;
    if (!row) return undefined;
    // What an older Gatehouse kept in another shape is skipped: it is a cache of the server's truth.
    const items = (db.prepare('SELECT item FROM last_known_items WHERE site = ? ORDER BY position').all(site) as { item: string }[]).flatMap((r) => {
      const parsed = BoardItem.safeParse(JSON.parse(r.item));
      return parsed.success ? [parsed.data] : [];
    });
    const statuses = (db.prepare('SELECT status FROM last_known_statuses WHERE site = ?').all(site) as { status: string }[]).flatMap((r) => {
      const parsed = ItemStatus.safeParse(JSON.parse(r.status));
      return parsed.success ? [parsed.data] : [];
    });
    return { serverVersion: row.server_version ?? undefined, features: JSON.parse(row.features) as string[], savedAt: row.saved_at, items, statuses };
  }

  /** Writes every pending status batch in one transaction. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0 || !this.store.open) return;
    const batches = [...this.pending];
    this.pending.clear();
    const put = this.store.db.prepare(
      'INSERT INTO last_known_statuses (site, href, status, received_at) SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM last_known_items WHERE site = ? AND href = ?) ON CONFLICT (site, href) DO UPDATE SET status = excluded.status, received_at = excluded.received_at',
    );
    this.store.transaction(() => {
      for (const [site, statuses] of batches) for (const s of statuses.values()) put.run(site, s.href, JSON.stringify(s), s.receivedAt, site, s.href);
    });
  }

  private saveBoard(site: string, discovery: { serverVersion?: string | undefined; features: string[] }, items: BoardItem[], statuses: ItemStatus[]): void {
    this.pending.delete(site);
    const db = this.store.db;
    this.store.transaction(() => {
      db.prepare('DELETE FROM last_known_sites WHERE site = ?').run(site);
      db.prepare('INSERT INTO last_known_sites (site, server_version, features, saved_at) VALUES (?, ?, ?, ?)').run(site, discovery.serverVersion ?? null, JSON.stringify(discovery.features), this.now());
      const item = db.prepare('INSERT INTO last_known_items (site, href, position, item) VALUES (?, ?, ?, ?)');
      items.forEach((it, i) => item.run(site, it.href, i, JSON.stringify(it)));
      const status = db.prepare('INSERT OR REPLACE INTO last_known_statuses (site, href, status, received_at) VALUES (?, ?, ?, ?)');
      const known = new Set(items.map((i) => i.href));
      for (const s of statuses) if (known.has(s.href)) status.run(site, s.href, JSON.stringify(s), s.receivedAt);
    });
  }

  private queue(site: string, statuses: ItemStatus[]): void {
    const forSite = this.pending.get(site) ?? new Map<string, ItemStatus>();
    for (const s of statuses) forSite.set(s.href, s);
    this.pending.set(site, forSite);
    if (!this.timer) {
      this.timer = setTimeout(() => {
        try {
          this.flush();
        } catch {
          // A failed flush (the store closed under it) costs only cached statuses: the server has the truth.
        }
      }, flushAfterMs);
      this.timer.unref();
    }
  }
}
