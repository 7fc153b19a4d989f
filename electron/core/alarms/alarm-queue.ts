import type { AlarmSummary } from '../../../shared/contract/alarms';
import { actionsOf, type ServerAlarm } from '../api/alarms';

/** What one merge changed: for `alarms.changed`. */
export interface QueueChange {
  upserts: ServerAlarm[];
  removed: string[];
}

/**
 * The unprocessed alarms as the server last gave them, by id. The server's updates say nothing of added
 * or removed: each changed alarm comes once in its current state, so it is merged by id and dropped when
 * processed (cc_rest.yaml: GET /api/alarms/updates).
 */
export class AlarmQueue {
  private readonly alarms = new Map<string, ServerAlarm>();

  get size(): number {
    return this.alarms.size;
  }

  get(id: string): ServerAlarm | undefined {
    return this.alarms.get(id);
  }

  all(): ServerAlarm[] {
    return [...this.alarms.values()];
  }

  /** Changed alarms from an updates batch. An alarm seen twice in one batch counts once, as its last. */
  merge(batch: readonly ServerAlarm[]): QueueChange {
    const upserts = new Map<string, ServerAlarm>();
    const removed = new Set<string>();
    for (const alarm of batch) {
      if (alarm.state === 'processed') {
        upserts.delete(alarm.id);
        if (this.alarms.delete(alarm.id)) removed.add(alarm.id);
        continue;
      }
      removed.delete(alarm.id);
      this.alarms.set(alarm.id, alarm);
      upserts.set(alarm.id, alarm);
    }
    return { upserts: [...upserts.values()], removed: [...removed] };
  }

  /** The whole list, read afresh: what is not in it is gone (processed, or no longer visible). */
  replace(list: readonly ServerAlarm[]): QueueChange {
    const keep = new Set(list.map((a) => a.id));
    const removed = [...this.alarms.keys()].filter((id) => !keep.has(id));
    for (const id of removed) this.alarms.delete(id);
    const change = this.merge(list);
    return { upserts: change.upserts, removed: [...removed, ...change.removed] };
  }
}

/** One alarm as the queue shows it; `itemHref` names the board item when the board holds the source. */
export function alarmSummary(alarm: ServerAlarm, itemHref: (href: string | undefined) => string | undefined): AlarmSummary {
  const href = itemHref(alarm.source?.href);
  return {
    id: alarm.id,
    time: alarm.time,
    message: alarm.message,
    source: { name: alarm.source?.name ?? 'Unknown source', ...(href ? { itemHref: href } : {}) },
    kind: alarm.eventType?.name ?? alarm.type ?? alarm.message,
    priority: alarm.priority,
    state: alarm.state,
    active: alarm.active,
    actions: actionsOf(alarm),
    notePresets: alarm.notePresets ?? [],
  };
}
