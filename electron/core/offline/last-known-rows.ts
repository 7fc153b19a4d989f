import { createHash } from 'node:crypto';
import { PackedBoardItem } from '../../../shared/contract/board-packing';

/**
 * What the rows' digest vouches for: this packing of board items. Its fields are part of it, so a
 * Gatehouse that packs items with other fields never takes rows packed before for its own.
 */
const ROWS_FORMAT = `packed board items 1: ${Object.keys(PackedBoardItem.shape).sort().join(',')}`;

/**
 * The digest of a kept board's rows as written (each item's packed JSON in order, then the shared
 * values), kept beside them. Rows read back with the same digest are the very text this Gatehouse
 * wrote from a board it had checked, so they need no checking item by item again: at 10,000 items
 * that check held a start's last-known board back by a tenth of a second or more. Rows changed by
 * anything else (another version, a damaged file) no longer match and are checked one by one.
 */
export function rowsDigest(itemTexts: readonly string[], sharedText: string): string {
  const hash = createHash('sha256').update(ROWS_FORMAT);
  for (const text of itemTexts) hash.update('\n').update(text);
  return hash.update('\n\n').update(sharedText).digest('hex');
}
