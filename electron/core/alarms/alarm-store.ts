import type { Acknowledgement } from '../../../shared/contract/layout';
import { ServerAlarm } from '../api/alarms';
import type { LocalStore } from '../offline/local-store';
import { storedJson } from '../offline/stored-json';
import type { QueueChange } from './alarm-queue';

/**
 * What the follower shows at start-up, not live, until the server's list replaces it: the queue as it
 * was when the server last answered, and when that was. The bookmark is kept with the queue it goes
 * with; a start reads the list afresh rather than following it (AlarmFollower.start says why).
 */
export interface KeptAlarms {
  bookmark: string | undefined;
  heardAt: number | undefined;
  alarms: ServerAlarm[];
}

/** One site's alarm follow, kept: each answer's change and the bookmark that follows it land together or not at all. */
export interface AlarmKeeping {
  load(): KeptAlarms;
  /** An updates batch merged (`replaced`: the list read afresh, so everything not in `change.upserts` is gone). */
  save(bookmark: string | undefined, change: QueueChange, heardAt: number, replaced?: boolean): void;
  /** The bookmark was refused: the list is read again, from no bookmark. */
  forgetBookmark(): void;
}

/** The alarm follows of every site this desk has shown, in the local store. */
export class AlarmStore {
  constructor(private readonly store: LocalStore) {}

  forSite(site: string): AlarmKeeping {
    const db = this.store.db;
    return {
      load: () => {
        const follow = db.prepare('SELECT bookmark, heard_at AS heardAt FROM alarm_follow WHERE site = ?').get(site) as
          | { bookmark: string | null; heardAt: number | null }
          | undefined;
        const alarms: ServerAlarm[] = [];
        for (const row of db.prepare('SELECT alarm FROM alarm_known WHERE site = ?').all(site) as { alarm: string }[]) {
          // A row that no longer fits is skipped: the server's list replaces the queue at the first answer.
          const parsed = ServerAlarm.safeParse(storedJson(row.alarm));
          if (parsed.success) alarms.push(parsed.data);
        }
        return { bookmark: follow?.bookmark ?? undefined, heardAt: follow?.heardAt ?? undefined, alarms };
      },
      save: (bookmark, change, heardAt, replaced = false) =>
        this.store.transaction(() => {
          if (replaced) db.prepare('DELETE FROM alarm_known WHERE site = ?').run(site);
          const put = db.prepare('INSERT OR REPLACE INTO alarm_known (site, id, alarm) VALUES (?, ?, ?)');
          const drop = db.prepare('DELETE FROM alarm_known WHERE site = ? AND id = ?');
          for (const alarm of change.upserts) put.run(site, alarm.id, JSON.stringify(alarm));
          for (const id of change.removed) drop.run(site, id);
          db.prepare('INSERT OR REPLACE INTO alarm_follow (site, bookmark, heard_at) VALUES (?, ?, ?)').run(site, bookmark ?? null, heardAt);
        }),
      forgetBookmark: () => {
        db.prepare('UPDATE alarm_follow SET bookmark = NULL WHERE site = ?').run(site);
      },
    };
  }

  /** The board's acknowledgements at this desk (items' hrefs carry their server's origin, so sites never mix). */
  acknowledgements(): Acknowledgement[] {
    return this.store.db.prepare('SELECT href, concern, at FROM local_acknowledgements ORDER BY at').all() as Acknowledgement[];
  }

  keepAcknowledgements(list: readonly Acknowledgement[]): void {
    const db = this.store.db;
    this.store.transaction(() => {
      db.prepare('DELETE FROM local_acknowledgements').run();
      const put = db.prepare('INSERT INTO local_acknowledgements (href, concern, at) VALUES (?, ?, ?)');
      for (const a of list) put.run(a.href, a.concern, a.at);
    });
  }
}
