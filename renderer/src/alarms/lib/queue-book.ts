import type { AlarmQueue, AlarmSummary } from '../../../../shared/contract/alarms';
import { queueOrder } from './alarm-order';

/** One `alarms.changed` event. */
export interface AlarmChanges {
  upserts: readonly AlarmSummary[];
  removed: readonly string[];
}

/**
 * The server's unprocessed alarms as main reported them, by id. Fed by `alarms.get` (whole) and
 * `alarms.changed` (news). Changes that arrive while an `alarms.get` is on its way are newer than the
 * read or as new: they are applied again on top of it, so the read never brings back an alarm already
 * processed or an older state.
 */
export class QueueBook {
  readonly #byId = new Map<string, AlarmSummary>();
  #sinceRead: AlarmChanges[] | undefined;
  #sorted: AlarmSummary[] = [];
  #dirty = false;

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
    for (const changes of since) this.#apply(changes);
    this.#dirty = true;
  }

  apply(changes: AlarmChanges): void {
    this.#sinceRead?.push(changes);
    this.#apply(changes);
    this.#dirty = true;
  }

  /** Every unprocessed alarm, in the queue's order (priority, then the longest waiting first). */
  sorted(): readonly AlarmSummary[] {
    if (this.#dirty) {
      this.#sorted = [...this.#byId.values()].sort(queueOrder);
      this.#dirty = false;
    }
    return this.#sorted;
  }

  get(id: string): AlarmSummary | undefined {
    return this.#byId.get(id);
  }

  #apply(changes: AlarmChanges): void {
    for (const id of changes.removed) this.#byId.delete(id);
    // A processed alarm has left the queue, whichever way main said so.
    for (const alarm of changes.upserts) {
      if (alarm.state === 'processed') this.#byId.delete(alarm.id);
      else this.#byId.set(alarm.id, alarm);
    }
  }
}
