import type { BoardItem, ItemStatus } from '../../../../shared/domain';
import { readStatus, type StatusReading } from '../../../../shared/status';

const NO_STATUS: StatusReading = { verdict: 'unknown', words: [], reasons: ['No status received yet'] };

// Statuses are replaced, never mutated, so a reading can be kept per status object: the tile, the
// attention strip and the panel then read each status once however often they re-render.
const readings = new WeakMap<ItemStatus, { kind: BoardItem['kind']; reading: StatusReading }>();

/** An item's reading, or a grey "no status yet" one until main has reported its first status. */
export function readItem(item: BoardItem, status: ItemStatus | undefined): StatusReading {
  if (!status) return NO_STATUS;
  const held = readings.get(status);
  if (held?.kind === item.kind) return held.reading;
  const reading = readStatus(item.kind, status.flags);
  readings.set(status, { kind: item.kind, reading });
  return reading;
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
