import type { AlarmSummary } from '../../../../shared/contract/alarms';

/** At and above this priority an unacknowledged alarm sounds a repeating tone until acknowledged; below, one chime when it arrives. */
export const LOUD_PRIORITY = 8;

export interface SoundPlan {
  /** Keep the repeating tone going. */
  repeat: boolean;
  /** Chime once now: a lower-priority alarm arrived unacknowledged. */
  chime: boolean;
  /** The ids this plan has heard of, passed back next time. */
  heard: ReadonlySet<string>;
}

/**
 * What the desk sounds for the server's unacknowledged alarms: a loud repeating tone while any of
 * priority 8 or 9 is unacknowledged; a single chime when a lower one arrives (once per alarm, never
 * again for an alarm the desk already chimed for). Muted, nothing sounds, and alarms arriving then are
 * not chimed for afterwards (the screen still shows them).
 */
export function planSound(unacknowledged: readonly Pick<AlarmSummary, 'id' | 'priority'>[], heard: ReadonlySet<string>, muted: boolean): SoundPlan {
  const ids = new Set(unacknowledged.map((a) => a.id));
  if (muted) return { repeat: false, chime: false, heard: ids };
  const repeat = unacknowledged.some((a) => a.priority >= LOUD_PRIORITY);
  const chime = !repeat && unacknowledged.some((a) => a.priority < LOUD_PRIORITY && !heard.has(a.id));
  return { repeat, chime, heard: ids };
}
