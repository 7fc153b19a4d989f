/**
 * What a set of status flags means to a person at the desk. Colours follow the product design:
 * normal = green, attention = amber (deliberately open or overridden), alarm = red (needs action),
 * offline / unknown = grey with a reason.
 */
export type Verdict = 'normal' | 'attention' | 'alarm' | 'offline' | 'unknown';

export interface StatusReading {
  verdict: Verdict;
  /** Each flag in words, in the order the server sent them; unknown flags appear by their own name. */
  words: string[];
  /** Why the verdict is not `normal`; empty when it is. */
  reasons: string[];
}

/** Worst first, for the attention strip and for combining verdicts. */
export const VERDICT_RANK: Record<Verdict, number> = { alarm: 0, offline: 1, unknown: 2, attention: 3, normal: 4 };

export function worse(a: Verdict, b: Verdict): Verdict {
  return VERDICT_RANK[a] <= VERDICT_RANK[b] ? a : b;
}

export type VerdictColour = 'green' | 'amber' | 'red' | 'grey';

/** Grey covers both offline and unknown: the reading's reasons say which. */
export const VERDICT_COLOUR: Record<Verdict, VerdictColour> = {
  normal: 'green',
  attention: 'amber',
  alarm: 'red',
  offline: 'grey',
  unknown: 'grey',
};
