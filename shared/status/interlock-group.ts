import type { StatusReading } from './reading';
import { defined, exactlyOne, readWithRules, typeRules } from './rules';

/** Interlock group flags: exactly one when not in error; normal = secure or open. */
const INTERLOCK_GROUP = typeRules(
  {
    normal: { secure: 'Secure', open: 'Open: another item in the group is open' },
    attention: { overridden: 'Overridden: interlocking disabled' },
    alarm: { forced: 'Forced: interlock rules breached' },
  },
  (flags, word) => defined([exactlyOne(flags, ['secure', 'open', 'overridden', 'forced'], word, 'interlock state')]),
);

export function readInterlockGroup(flags: readonly string[]): StatusReading {
  return readWithRules(flags, INTERLOCK_GROUP);
}
