import { randomBytes } from 'node:crypto';
import type { AlarmKindSettings } from '../site/schema';
import { StatusFeed } from '../model/status-feed';
import type { ServerEventRecord } from './journal';

export type AlarmState = 'unacknowledged' | 'acknowledged' | 'processed';
/** cc_rest.yaml: AlarmHistoryEntry.action. */
export type HistoryAction = 'comment' | 'acknowledge' | 'process' | 'acknowledgeActive' | 'escalated' | 'viewed' | 'legacy';

export interface HistoryEntry {
  time: number;
  action: HistoryAction;
  comment?: string;
  operator?: string;
}

export interface AlarmRecord {
  event: ServerEventRecord;
  state: AlarmState;
  active: boolean;
  history: HistoryEntry[];
  settings: AlarmKindSettings;
  /** The book's change counter when this alarm last changed in a way a summary shows. */
  changeSeq: number;
}

/** An alarm updates bookmark: the book's epoch and the change counter the client has seen. */
export interface Bookmark {
  epoch: string;
  seq: number;
}

/**
 * The server's alarms, processed ones included (a processed alarm stays reachable by its href and
 * is reported once more to updates callers). Every change a summary shows takes the next value of
 * one counter, so an updates call answers "each alarm changed since the bookmark, once, in its current
 * state" by that counter. The epoch names this book: a bookmark from another (a server whose alarm
 * history was reset) is not known here.
 */
export class AlarmBook {
  private readonly alarms = new Map<string, AlarmRecord>();
  /** Alarms in arrival order (their events' seq ascending); processed ones are dropped now and then. */
  private arrivals: AlarmRecord[] = [];
  /** Every change in counter order; an entry whose alarm changed again since is passed over. */
  private changes: { seq: number; alarm: AlarmRecord }[] = [];
  private seq = 0;
  private unprocessedCount = 0;
  epoch = newEpoch();
  readonly feed = new StatusFeed();

  constructor(private readonly now: () => number) {}

  get changeSeq(): number {
    return this.seq;
  }

  get unprocessed(): number {
    return this.unprocessedCount;
  }

  raise(event: ServerEventRecord, settings: AlarmKindSettings, active: boolean): AlarmRecord {
    const alarm: AlarmRecord = { event, state: 'unacknowledged', active, history: [], settings, changeSeq: 0 };
    this.alarms.set(event.id, alarm);
    this.arrivals.push(alarm);
    this.unprocessedCount++;
    this.changed(alarm);
    return alarm;
  }

  get(id: string): AlarmRecord | undefined {
    return this.alarms.get(id);
  }

  /** Unprocessed alarms in arrival order whose event comes after `pos`. */
  *unprocessedAfter(pos: number): Iterable<AlarmRecord> {
    // From the first alarm after `pos`: paging 10,000 alarms reads each once, not each page from the start.
    for (let i = firstAbove(this.arrivals, (a) => a.event.seq, pos); i < this.arrivals.length; i++) {
      const alarm = this.arrivals[i]!;
      if (alarm.state !== 'processed') yield alarm;
    }
  }

  /** Alarms changed after change `since`, oldest change first, as the caller reads on (consume it at once). */
  *changedSince(since: number): Iterable<AlarmRecord> {
    // Not by walking every alarm ever raised, nor every change since: a client catching up on 9,400
    // changes 100 an answer pays for its 100 in each call, not for all that are still waiting.
    const changes = this.changes;
    for (let i = firstAbove(changes, (c) => c.seq, since); i < changes.length; i++) {
      const { seq, alarm } = changes[i]!;
      if (alarm.changeSeq === seq) yield alarm;
    }
  }

  /** The condition behind a two-part alarm is over: it can now be processed normally. */
  restore(alarm: AlarmRecord): void {
    if (!alarm.active) return;
    alarm.active = false;
    if (alarm.state !== 'processed') this.changed(alarm);
  }

  note(alarm: AlarmRecord, action: HistoryAction, operator: string | undefined, comment: string | undefined): void {
    alarm.history.push({ time: this.now(), action, ...(comment !== undefined ? { comment } : {}), ...(operator ? { operator } : {}) });
  }

  acknowledge(alarm: AlarmRecord, operator: string | undefined, comment: string | undefined): void {
    this.note(alarm, alarm.active ? 'acknowledgeActive' : 'acknowledge', operator, comment);
    if (alarm.state !== 'unacknowledged') return;
    alarm.state = 'acknowledged';
    this.changed(alarm);
  }

  process(alarm: AlarmRecord, operator: string | undefined, comment: string | undefined): void {
    this.note(alarm, 'process', operator, comment);
    if (alarm.state === 'processed') return;
    alarm.state = 'processed';
    this.unprocessedCount--;
    if (this.arrivals.length > 2 * this.unprocessedCount + 1_000) this.arrivals = this.arrivals.filter((a) => a.state !== 'processed');
    this.changed(alarm);
  }

  /** Forgets every bookmark handed out so far, as a server whose alarm history was reset would. */
  forgetBookmarks(): void {
    this.epoch = newEpoch();
  }

  bookmark(seq = this.seq): string {
    return `${this.epoch}.${seq}`;
  }

  /** The change counter a bookmark stands for, or undefined when this book did not hand it out. */
  readBookmark(text: string): number | undefined {
    const match = /^([0-9a-f]+)\.(\d+)$/.exec(text);
    if (!match || match[1] !== this.epoch) return undefined;
    const seq = Number(match[2]);
    return seq <= this.seq ? seq : undefined;
  }

  private changed(alarm: AlarmRecord): void {
    alarm.changeSeq = ++this.seq;
    this.changes.push({ seq: alarm.changeSeq, alarm });
    // Entries passed over are dropped now and then, so the log stays near one entry per alarm.
    if (this.changes.length > 2 * this.alarms.size + 1_000) this.changes = this.changes.filter((c) => c.alarm.changeSeq === c.seq);
    this.feed.changed();
  }
}

/** The index of the first entry of `list` (ascending by `key`) whose key is above `bound`, by binary search. */
function firstAbove<T>(list: readonly T[], key: (entry: T) => number, bound: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (key(list[mid]!) <= bound) low = mid + 1;
    else high = mid;
  }
  return low;
}

function newEpoch(): string {
  return randomBytes(3).toString('hex');
}
