import { setImmediate as nextTurn } from 'node:timers/promises';
import { BadPackingError, packItem, PackedBoardItem, SharedReader, SharedWriter, unpackItem } from '../../../shared/contract/board-packing';
import { ItemStatus, type BoardItem } from '../../../shared/domain';
import type { LocalStore } from './local-store';
import { rowsDigest } from './last-known-rows';
import { storedJson } from './stored-json';
import type { LastKnownBoard, SiteStateSink } from './state-sink';

const flushAfterMs = 1_000;
/** Stored rows checked per slice of a load: a few tens of milliseconds of the thread. */
const ROWS_PER_SLICE = 1_000;
/**
 * A site's board is written at once the first time, then this long after each later load: a catalogue
 * loads again as a desk starts from its last-known board, while the renderer reads that board, and
 * writing 10,000 items takes the one thread about half a second. A desk that dies sooner keeps the
 * board it had, a cache of the server's truth all the same.
 */
const boardFlushAfterMs = 10_000;

/** A board waiting to be written, with the statuses it loaded with. */
interface PendingBoard {
  discovery: { serverVersion?: string | undefined; features: string[] };
  items: BoardItem[];
  statuses: ItemStatus[];
  digest: string;
  due: number;
}

/**
 * The last-known board per site (keyed by the server's origin) in the local store. Status batches are
 * held in memory and written together about once a second, one transaction per flush, so the monitor
 * never waits on the disk; a site's statuses wait behind a board of that site still to be written.
 * `flush` (called on close, and before a load) writes whatever is pending.
 */
export class LastKnownStore {
  private readonly pending = new Map<string, Map<string, ItemStatus>>();
  private readonly boards = new Map<string, PendingBoard>();
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Infinity;

  constructor(
    private readonly store: LocalStore,
    private readonly now: () => number = Date.now,
  ) {}

  sinkFor(site: string): SiteStateSink {
    return {
      lastKnown: () => this.load(site),
      lastKnownItems: () => (this.store.db.prepare('SELECT COUNT(*) AS n FROM last_known_items WHERE site = ?').get(site) as { n: number }).n,
      catalogueLoaded: (discovery, items, statuses, digest) => this.saveBoard(site, discovery, items, statuses, digest),
      statusBatch: (statuses) => this.queue(site, statuses),
    };
  }

  /**
   * The site's last-known board. The rows are read at once (one consistent snapshot); checking them
   * takes 10,000 items a few tenths of a second, so it goes in slices with a turn of the event loop
   * between: a desk starts while its page loads, and the page's requests are answered meanwhile. Items
   * are stored packed (each names the site's shared values by index), so each shared value is checked
   * once, and the items that name it share one object: packing them into board parts again finds it
   * by identity.
   */
  async load(site: string): Promise<LastKnownBoard | undefined> {
    this.flush();
    const db = this.store.db;
    const row = db
      .prepare('SELECT server_version, features, saved_at, board_digest, rows_digest, shared FROM last_known_sites JOIN last_known_shared USING (site) WHERE site = ?')
      .get(site) as
      | { server_version: string | null; features: string; saved_at: number; board_digest: string | null; rows_digest: string | null; shared: string }
      | undefined;
    if (!row) return undefined;
    const sharedValues = storedJson(row.shared);
    if (!Array.isArray(sharedValues)) return undefined;
    const shared = new SharedReader(sharedValues);
    const itemRows = db.prepare('SELECT item FROM last_known_items WHERE site = ? ORDER BY position').all(site) as { item: string }[];
    const statusRows = db.prepare('SELECT status FROM last_known_statuses WHERE site = ?').all(site) as { status: string }[];
    const texts = itemRows.map((r) => r.item);
    const asWrittenItems = row.rows_digest === rowsDigest(texts, row.shared) && asWritten(texts, shared);
    const items =
      asWrittenItems ||
      (await checkedInSlices(texts, (json) => {
        const packed = PackedBoardItem.safeParse(json);
        return packed.success ? unpackedOrUndefined(packed.data, shared) : undefined;
      }));
    const statuses = await checkedInSlices(
      statusRows.map((r) => r.status),
      (json) => ItemStatus.safeParse(json).data,
    );
    return {
      serverVersion: row.server_version ?? undefined,
      features: JSON.parse(row.features) as string[],
      savedAt: row.saved_at,
      items,
      // Rows checked one by one may have lost some: the digest is of the board as written, not of what is left.
      digest: (asWrittenItems && row.board_digest) || undefined,
      statuses,
    };
  }

  /** Writes every pending board and status batch. */
  flush(): void {
    this.write(Infinity);
  }

  /** Writes the boards due by `until`, then the status batches of every site without a board still waiting. */
  private write(until: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.store.open) return;
    for (const [site, board] of this.boards) {
      if (board.due > until) continue;
      this.boards.delete(site);
      this.writeBoard(site, board);
    }
    // A site with no board stored yet has nowhere to put its statuses (each row's item must be there):
    // they wait for its first board, which brings newer ones. Tried anyway, the first answers of a
    // 50,000-item site's subscriptions held the thread 0.14 s as the board went live, and wrote nothing.
    const kept = this.pending.size > 0 ? this.store.db.prepare('SELECT 1 FROM last_known_sites WHERE site = ?') : undefined;
    const batches = [...this.pending].filter(([site]) => !this.boards.has(site) && kept?.get(site) !== undefined);
    if (batches.length > 0) {
      for (const [site] of batches) this.pending.delete(site);
      const put = this.store.db.prepare(
        'INSERT INTO last_known_statuses (site, href, status, received_at) SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM last_known_items WHERE site = ? AND href = ?) ON CONFLICT (site, href) DO UPDATE SET status = excluded.status, received_at = excluded.received_at',
      );
      this.store.transaction(() => {
        for (const [site, statuses] of batches) for (const s of statuses.values()) put.run(site, s.href, JSON.stringify(s), s.receivedAt, site, s.href);
      });
    }
    if (this.boards.size > 0 || this.pending.size > 0) this.schedule();
  }

  private saveBoard(site: string, discovery: PendingBoard['discovery'], items: BoardItem[], statuses: ItemStatus[], digest: string): void {
    const kept = this.store.db.prepare('SELECT server_version, features, board_digest FROM last_known_sites WHERE site = ?').get(site) as
      | { server_version: string | null; features: string; board_digest: string | null }
      | undefined;
    // The board kept, loaded again (every start, every catalogue reload): rewriting 10,000 items would
    // hold the desk's one thread for a third of a second for nothing. Its statuses are kept as a batch.
    const same = kept?.board_digest === digest && kept.server_version === (discovery.serverVersion ?? null) && kept.features === JSON.stringify(discovery.features);
    if (same && !this.boards.has(site)) {
      this.store.db.prepare('UPDATE last_known_sites SET saved_at = ? WHERE site = ?').run(this.now(), site);
      return this.queue(site, statuses);
    }
    // The board's statuses are the newest of its site: batches queued before it have nothing to add.
    this.pending.delete(site);
    const board = { discovery, items, statuses, digest, due: this.now() + boardFlushAfterMs };
    if (!kept) return this.writeBoard(site, board);
    this.boards.set(site, board);
    this.schedule();
  }

  private writeBoard(site: string, { discovery, items, statuses, digest }: PendingBoard): void {
    const db = this.store.db;
    const shared = new SharedWriter();
    const texts = items.map((it) => JSON.stringify(packItem(it, shared)));
    const sharedText = JSON.stringify(shared.values);
    this.store.transaction(() => {
      db.prepare('DELETE FROM last_known_sites WHERE site = ?').run(site);
      db.prepare('INSERT INTO last_known_sites (site, server_version, features, saved_at, board_digest, rows_digest) VALUES (?, ?, ?, ?, ?, ?)').run(
        site,
        discovery.serverVersion ?? null,
        JSON.stringify(discovery.features),
        this.now(),
        digest,
        rowsDigest(texts, sharedText),
      );
      const item = db.prepare('INSERT INTO last_known_items (site, href, position, item) VALUES (?, ?, ?, ?)');
      items.forEach((it, i) => item.run(site, it.href, i, texts[i]));
      db.prepare('INSERT INTO last_known_shared (site, shared) VALUES (?, ?)').run(site, sharedText);
      const status = db.prepare('INSERT OR REPLACE INTO last_known_statuses (site, href, status, received_at) VALUES (?, ?, ?, ?)');
      const known = new Set(items.map((i) => i.href));
      for (const s of statuses) if (known.has(s.href)) status.run(site, s.href, JSON.stringify(s), s.receivedAt);
    });
  }

  private queue(site: string, statuses: ItemStatus[]): void {
    const forSite = this.pending.get(site) ?? new Map<string, ItemStatus>();
    for (const s of statuses) forSite.set(s.href, s);
    this.pending.set(site, forSite);
    this.schedule();
  }

  /**
   * The next write: in about a second when statuses can be written, else when the first board waiting
   * is due. A write already due sooner stands; one due later gives way (statuses of another site must
   * not wait for this site's board).
   */
  private schedule(): void {
    const boardDue = Math.min(...[...this.boards.values()].map((b) => b.due));
    const statusesWaiting = [...this.pending.keys()].some((site) => !this.boards.has(site));
    const at = statusesWaiting ? Math.min(this.now() + flushAfterMs, boardDue) : boardDue;
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => {
      try {
        this.write(this.now());
      } catch {
        // A failed write (the store closed under it) costs only cached state: the server has the truth.
      }
    }, Math.max(0, at - this.now()));
    this.timer.unref();
  }
}

/**
 * Rows whose digest shows they are as this Gatehouse wrote them (last-known-rows.ts), whole again: their
 * shared values are still checked, once each. Undefined if any fails all the same: then each is checked.
 */
function asWritten(texts: readonly string[], shared: SharedReader): BoardItem[] | undefined {
  try {
    return texts.map((text) => unpackItem(JSON.parse(text) as PackedBoardItem, shared));
  } catch {
    return undefined;
  }
}

/**
 * Each stored JSON text that `read` makes a value of, in slices. What an older Gatehouse kept in
 * another shape is skipped: it is a cache of the server's truth.
 */
async function checkedInSlices<T>(texts: string[], read: (json: unknown) => T | undefined): Promise<T[]> {
  const checked: T[] = [];
  for (let start = 0; start < texts.length; start += ROWS_PER_SLICE) {
    if (start > 0) await nextTurn();
    for (const text of texts.slice(start, start + ROWS_PER_SLICE)) {
      const value = read(storedJson(text));
      if (value !== undefined) checked.push(value);
    }
  }
  return checked;
}

/** A stored item whole again, or undefined when it names a shared value that does not fit. */
function unpackedOrUndefined(packed: PackedBoardItem, shared: SharedReader): BoardItem | undefined {
  try {
    return unpackItem(packed, shared);
  } catch (error) {
    if (error instanceof BadPackingError) return undefined;
    throw error;
  }
}
