import type { RosterStore } from './roster-store';

/**
 * Refused sign-ins draw the desk's attention when they repeat: someone trying cards or PINs at an
 * unattended desk. The refusals are the audit log's own entries (so a restart forgets none); a
 * signed-in operator who has seen them sends the notice away until the next ones.
 */

export const REFUSALS_FOR_ATTENTION = 3;
export const REFUSALS_WINDOW_MS = 15 * 60_000;
const SEEN_KEY = 'refusalsSeenAt';

export interface RefusalsShown {
  count: number;
  since: number;
  last: number;
}

export class RefusalWatch {
  constructor(
    private readonly roster: RosterStore,
    /** When each refused sign-in since `from` happened (ms since the epoch). */
    private readonly refusedSince: (from: number) => number[],
    private readonly now: () => number,
  ) {}

  /** The refused sign-ins to show: REFUSALS_FOR_ATTENTION or more in the last REFUSALS_WINDOW_MS not yet seen. */
  shown(): RefusalsShown | undefined {
    const seenAt = Number(this.roster.setting(SEEN_KEY) ?? 0);
    const times = this.refusedSince(Math.max(this.now() - REFUSALS_WINDOW_MS, seenAt + 1));
    if (times.length < REFUSALS_FOR_ATTENTION) return undefined;
    return { count: times.length, since: Math.min(...times), last: Math.max(...times) };
  }

  seen(): void {
    this.roster.setSetting(SEEN_KEY, this.now());
  }
}
