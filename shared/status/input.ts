import type { StatusReading } from './reading';
import { defined, exactlyOne, readWithRules, type TypeRules } from './rules';

/**
 * Input flags. Open and closed are both normal (state names are configured per input; the flags
 * always say open/closed); tamper needs action; isolated is deliberately overridden. notPolled
 * (shunted) is read with the common flags.
 */
const INPUT: TypeRules = {
  flags: {
    closed: { word: 'Closed', verdict: 'normal' },
    open: { word: 'Open', verdict: 'normal' },
    tamper: { word: 'Tamper', verdict: 'alarm' },
    isolated: { word: 'Isolated', verdict: 'attention' },
  },
  breaches: (flags, word) => defined([exactlyOne(flags, ['open', 'closed'], word, 'input state')]),
};

export function readInput(flags: readonly string[]): StatusReading {
  return readWithRules(flags, INPUT);
}
