import type { AlarmQueue, AlarmSummary } from '../../../../shared/contract/alarms';
import { queueOrder } from './alarm-order';

/** One `alarms.changed` event. */
export interface AlarmChanges {
  upserts: readonly AlarmSummary[];
  removed: readonly string[];
}

/**
 * Beyond this many alarms changed at once the order is sorted afresh: placing each by binary search
 * moves the rows after it, which costs more than one sort once many change (a page of the start-up
 * list, a flood's batch).
 */
const PLACE_ONE_BY_ONE = 64;

/**
 * The server's unprocessed alarms as main reported them, by id, and in the queue's order. Fed by
 * `alarms.get` (whole) and `alarms.changed` (news). Changes that arrive while an `alarms.get` is on its
 * way are newer than the read or as new: they are applied again on top of it, so the read never brings
 * back an alarm already processed or an older state.
 *
 * The order is kept as changes come, each alarm placed by binary search, rather than sorted again for
 * every change: a new alarm in a queue of 10,000 is one search and one move, not a sort of 10,000.
 */
export class QueueBook {
  readonly #byId = new Map<string, AlarmSummary>();
  #sinceRead: AlarmChanges[] | undefined;
  #sorted: AlarmSummary[] = [];
  /** The order must be sorted afresh before it is read. */
  #resort = false;
  /** `sorted()` handed the list out: the next change copies it first, so what was handed out stays as it was. */
  #handedOut = false;

  /** An `alarms.get` was sent: record the news until its answer comes. */
  readStarted(): void {
    this.#sinceRead = [];
  }

  /** The read failed: the news already applied stays, nothing waits any more. */
  readFailed(): void {
    this.#sinceRead = undefined;
  }

  replace(queue: Pick<AlarmQueue, 'alarms'>): void {
    const since = this.#sinceRead ?? [];
    this.#sinceRead = undefined;
    this.#byId.clear();
    for (const alarm of queue.alarms) if (alarm.state !== 'processed') this.#byId.set(alarm.id, alarm);
    this.#resort = true;
    for (const changes of since) this.#apply(changes);
  }

  apply(changes: AlarmChanges): void {
    this.#sinceRead?.push(changes);
    this.#apply(changes);
  }

  /** Every unprocessed alarm, in the queue's order (priority, then the longest waiting first). A new list after any change. */
  sorted(): readonly AlarmSummary[] {
    if (this.#resort) {
      this.#sorted = [...this.#byId.values()].sort(queueOrder);
      this.#resort = false;
    }
    this.#handedOut = true;
    return this.#sorted;
  }

  get(id: string): AlarmSummary | undefined {
    return this.#byId.get(id);
  }

  #apply(changes: AlarmChanges): void {
    if (!this.#resort && changes.removed.length + changes.upserts.length > PLACE_ONE_BY_ONE) this.#resort = true;
    for (const id of changes.removed) this.#drop(id);
    // A processed alarm has left the queue, whichever way main said so.
    for (const alarm of changes.upserts) {
      this.#drop(alarm.id);
      if (alarm.state === 'processed') continue;
      this.#byId.set(alarm.id, alarm);
      if (!this.#resort) this.#own().splice(this.#place(alarm), 0, alarm);
    }
  }

  #drop(id: string): void {
    const held = this.#byId.get(id);
    if (!held) return;
    this.#byId.delete(id);
    if (this.#resort) return;
    const at = this.#place(held);
    if (this.#sorted[at] === held) this.#own().splice(at, 1);
    else this.#resort = true; // not where the order puts it: never expected, but never left wrong
  }

  /** Where `alarm` stands (or would stand) in the order: the first place whose alarm does not come before it. */
  #place(alarm: AlarmSummary): number {
    let low = 0;
    let high = this.#sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (queueOrder(this.#sorted[mid]!, alarm) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  #own(): AlarmSummary[] {
    if (this.#handedOut) {
      this.#sorted = this.#sorted.slice();
      this.#handedOut = false;
    }
    return this.#sorted;
  }
}
