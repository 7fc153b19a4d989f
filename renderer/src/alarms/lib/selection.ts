import type { AlarmSummary } from '../../../../shared/contract/alarms';

/**
 * Which alarms are chosen to be worked together: alarms of one kind only (one event type, "Door forced
 * open"), since what is right for one is right for the others and the note says the same of all.
 * Choosing an alarm of another kind starts the choice again with it, and says what it unticked (`dropped`):
 * the guard is never left to find the others silently gone. A value: each change makes a new one.
 */
export interface Selection {
  readonly ids: ReadonlySet<string>;
  readonly kind: string | undefined;
  /** The last alarm clicked without shift: where a shift-click's range starts. */
  readonly anchor: string | undefined;
  /** The last change unticked alarms of another kind to start this choice: how many, of which kind. */
  readonly dropped?: { readonly count: number; readonly kind: string };
}

export const NOTHING_CHOSEN: Selection = { ids: new Set(), kind: undefined, anchor: undefined };

/** A checkbox clicked: toggles it; with shift, chooses every alarm of the kind from the anchor to it, in the queue's order. */
export function click(selection: Selection, alarm: AlarmSummary, shift: boolean, queue: readonly AlarmSummary[]): Selection {
  if (shift && selection.anchor !== undefined && selection.kind === alarm.kind) {
    const from = queue.findIndex((a) => a.id === selection.anchor);
    const to = queue.findIndex((a) => a.id === alarm.id);
    if (from >= 0 && to >= 0) {
      const ids = new Set(selection.ids);
      for (const a of queue.slice(Math.min(from, to), Math.max(from, to) + 1)) if (a.kind === selection.kind) ids.add(a.id);
      return { ...selection, ids };
    }
  }
  const sameKind = selection.kind === alarm.kind;
  const ids = new Set(sameKind ? selection.ids : []);
  if (ids.has(alarm.id)) ids.delete(alarm.id);
  else ids.add(alarm.id);
  const dropped = !sameKind && selection.kind !== undefined && selection.ids.size > 0 ? { count: selection.ids.size, kind: selection.kind } : undefined;
  return { ids, kind: ids.size > 0 ? alarm.kind : undefined, anchor: alarm.id, ...(dropped ? { dropped } : {}) };
}

/** Drops what is no longer in the queue (processed here or at another desk); the rest of the choice stays. */
export function keepOnly(selection: Selection, inQueue: (id: string) => boolean): Selection {
  if ([...selection.ids].every(inQueue) && (selection.anchor === undefined || inQueue(selection.anchor))) return selection;
  const ids = new Set([...selection.ids].filter(inQueue));
  return {
    ids,
    kind: ids.size > 0 ? selection.kind : undefined,
    anchor: selection.anchor !== undefined && inQueue(selection.anchor) ? selection.anchor : undefined,
    ...(selection.dropped ? { dropped: selection.dropped } : {}),
  };
}
