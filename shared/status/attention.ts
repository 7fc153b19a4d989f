import type { StatusReading } from './reading';

/**
 * The attention strip's order, worst first, as the desk design gives it: forced, tamper, alert, open
 * too long, zone count out of range, offline, unknown, then any other alarm, then attention. Normal
 * items are not listed.
 */
export const ATTENTION_ORDER = [
  'forced',
  'tamper',
  'alert',
  'openTooLong',
  'zoneCount',
  'offline',
  'unknown',
  'otherAlarm',
  'attention',
] as const;
export type AttentionConcern = (typeof ATTENTION_ORDER)[number];

/** The flags behind each alarm concern; tampered encryption keys and a fence controller problem count with their kin. */
const ALARM_FLAGS: [AttentionConcern, readonly string[]][] = [
  ['forced', ['forced']],
  ['tamper', ['tamper', 'encryptionKeysTampered']],
  ['alert', ['alert', 'parentAlert']],
  ['openTooLong', ['openTooLong']],
  ['zoneCount', ['zoneCountTooHigh', 'zoneCountTooLow']],
];

/** Why an item is on the attention strip, or undefined when it is normal and is not. */
export function attentionConcern(flags: readonly string[], reading: StatusReading): AttentionConcern | undefined {
  switch (reading.verdict) {
    case 'normal':
      return undefined;
    case 'offline':
    case 'unknown':
    case 'attention':
      return reading.verdict;
    case 'alarm':
      return ALARM_FLAGS.find(([, names]) => names.some((n) => flags.includes(n)))?.[0] ?? 'otherAlarm';
  }
}

/** Position on the attention strip (0 is worst), or undefined when the item is normal. */
export function attentionRank(flags: readonly string[], reading: StatusReading): number | undefined {
  const concern = attentionConcern(flags, reading);
  return concern === undefined ? undefined : ATTENTION_ORDER.indexOf(concern);
}

export interface RankedItem {
  flags: readonly string[];
  reading: StatusReading;
}

/**
 * Sorts and filters items for the attention strip: only the abnormal ones, worst first; items of the
 * same concern keep their given order so the strip does not shuffle on every update.
 */
export function forAttentionStrip<T extends RankedItem>(items: readonly T[]): T[] {
  return items
    .map((item) => ({ item, rank: attentionRank(item.flags, item.reading) }))
    .filter((e): e is { item: T; rank: number } => e.rank !== undefined)
    .sort((a, b) => a.rank - b.rank)
    .map((e) => e.item);
}
