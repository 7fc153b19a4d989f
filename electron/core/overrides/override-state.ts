import type { ActiveOverride } from '../../../shared/contract/operators';
import { lastingOverride } from '../../../shared/commands/lasting-overrides';
import type { ItemKind } from '../../../shared/domain';
import { readStatus } from '../../../shared/status';

/** How long an accepted override may take to show in the item's status before the desk calls it not in effect. */
export const CONFIRM_WITHIN_MS = 20_000;
/** How long an ended or cancelled override stays on the list, marked, before it is dropped. */
export const SHOW_ENDED_MS = 10 * 60_000;

/** One override this desk sent, as the store keeps it. `open` until it is known to be over. */
export interface TrackedOverride {
  id: string;
  origin: string;
  itemHref: string;
  itemName: string;
  itemKind: ItemKind;
  command: string;
  mode: string;
  operator: string;
  sentAt: number;
  endsAt?: number;
  state: 'open' | 'ended' | 'cancelled';
  /** The item's status has shown it at least once. */
  seen: boolean;
  endedAt?: number;
  reason?: string;
}

/** What the desk knows of the item now: its flags, and whether they are live (connected, heard lately). */
export interface ItemEvidence {
  live: boolean;
  flags?: readonly string[];
}

export interface Judgement {
  shown: ActiveOverride;
  /** The tracked record when this judgement changed what must be kept (seen, or ended). */
  changed?: TrackedOverride;
}

/**
 * Whether an open override is still running, by the item's own status: running while live flags show
 * it; ended once its end time passed or live flags stop showing it (or never showed it in time);
 * unknown while the item is not live, or the status has not yet shown an override just accepted.
 * Ended is final: a later status showing the same mode is the schedule's doing, not this override.
 */
export function judge(tracked: TrackedOverride, evidence: ItemEvidence, now: number): Judgement {
  if (tracked.state !== 'open') return { shown: shown(tracked, tracked.state) };
  if (tracked.endsAt !== undefined && now >= tracked.endsAt) return end(tracked, now, 'Its end time has passed');
  const effect = lastingOverride(tracked.itemKind, tracked.command);
  const showing = evidence.flags !== undefined && effect !== undefined && effect.shows(evidence.flags);
  if (evidence.live && showing) {
    const changed = tracked.seen ? undefined : { ...tracked, seen: true };
    return { shown: shown(changed ?? tracked, 'running'), ...(changed ? { changed } : {}) };
  }
  const notLive = !evidence.live || evidence.flags === undefined || ['offline', 'unknown'].includes(readStatus(tracked.itemKind, evidence.flags).verdict);
  if (notLive) return { shown: { ...shown(tracked, 'unknown'), reason: 'The item is not live: whether it still runs cannot be checked now' } };
  if (!tracked.seen && now - tracked.sentAt < CONFIRM_WITHIN_MS) return { shown: { ...shown(tracked, 'unknown'), reason: "Waiting for the item's status to show it" } };
  return end(tracked, now, tracked.seen ? 'The server no longer shows it on the item' : 'The item never showed it');
}

function end(tracked: TrackedOverride, now: number, reason: string): Judgement {
  const changed: TrackedOverride = { ...tracked, state: 'ended', endedAt: now, reason };
  return { shown: shown(changed, 'ended'), changed };
}

function shown(t: TrackedOverride, state: ActiveOverride['state']): ActiveOverride {
  return {
    id: t.id,
    itemHref: t.itemHref,
    itemName: t.itemName,
    command: t.command,
    mode: t.mode,
    operator: t.operator,
    sentAt: t.sentAt,
    ...(t.endsAt !== undefined ? { endsAt: t.endsAt } : {}),
    state,
    ...(t.endedAt !== undefined ? { endedAt: t.endedAt } : {}),
    ...(t.reason !== undefined && state !== 'running' ? { reason: t.reason } : {}),
  };
}
