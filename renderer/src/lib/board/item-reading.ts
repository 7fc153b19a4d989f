import type { BoardItem, ItemStatus } from '../../../../shared/domain';
import { readStatus, type StatusReading } from '../../../../shared/status';

/** An item's reading, or a grey "no status yet" one until main has reported its first status. */
export function readItem(item: BoardItem, status: ItemStatus | undefined): StatusReading {
  if (!status) return { verdict: 'unknown', words: [], reasons: ['No status received yet'] };
  return readStatus(item.kind, status.flags);
}

/**
 * A tile's two lines: what matters first (the reasons, when not normal), then the rest of the status
 * words. Together they always contain every word, so nothing the server said is hidden.
 */
export function tileLines(reading: StatusReading): { headline: string[]; rest: string[] } {
  if (reading.verdict === 'normal' || reading.reasons.length === 0) return { headline: reading.words, rest: [] };
  const said = new Set(reading.reasons);
  return { headline: reading.reasons, rest: reading.words.filter((w) => !said.has(w)) };
}
