import type { StatusReading } from './reading';
import { defined, exactlyOne, readWithRules, type TypeRules } from './rules';

/** Interlock group flags: exactly one when not in error; normal = secure or open. */
const INTERLOCK_GROUP: TypeRules = {
  flags: {
    secure: { word: 'Secure', verdict: 'normal' },
    open: { word: 'Open: another item in the group is open', verdict: 'normal' },
    overridden: { word: 'Overridden: interlocking disabled', verdict: 'attention' },
    forced: { word: 'Forced: interlock rules breached', verdict: 'alarm' },
  },
  breaches: (flags, word) =>
    defined([exactlyOne(flags, ['secure', 'open', 'overridden', 'forced'], word, 'interlock state')]),
};

export function readInterlockGroup(flags: readonly string[]): StatusReading {
  return readWithRules(flags, INTERLOCK_GROUP);
}
