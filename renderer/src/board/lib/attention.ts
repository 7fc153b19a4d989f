import type { AttentionEntry } from '../../lib/board/attention-index';

// The list itself is kept by the board store (lib/board/attention-index.ts); the strip's words are here.
export { attentionList, type AttentionEntry } from '../../lib/board/attention-index';

/** Whether the entry is an alarm that is announced until someone at this desk acknowledges it. */
export function isAlarm(entry: AttentionEntry): boolean {
  return entry.reading.verdict === 'alarm' && !entry.stale;
}

/** The entry's reason in words for the strip, after its "Not heard" or verdict label. */
export function entryReason(entry: AttentionEntry): string {
  if (entry.stale) return entry.stale.reason ?? 'no news from the server';
  return entry.reading.reasons.join(', ') || entry.reading.words.join(', ');
}
