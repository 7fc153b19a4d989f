import type { StateBucket } from '../../lib/item-state';
import { colourClass } from '../../lib/verdict-style';

/** The tiles' colour for a verdict; "not live" in the stale tiles' dashed grey. */
export function bucketClass(bucket: StateBucket): string {
  return bucket === 'notLive' ? 'colour-grey not-live' : colourClass(bucket);
}
