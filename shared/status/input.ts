import type { StatusReading } from './reading';
import { defined, exactlyOne, readWithRules, typeRules } from './rules';

/**
 * Input flags. Open and closed are both normal (state names are configured per input; the flags
 * always say open/closed); tamper needs action; isolated is deliberately overridden. notPolled
 * (shunted) is read with the common flags.
 */
const INPUT = typeRules({ normal: { closed: 'Closed', open: 'Open' }, attention: { isolated: 'Isolated' }, alarm: { tamper: 'Tamper' } }, (flags, word) =>
  defined([exactlyOne(flags, ['open', 'closed'], word, 'input state')]),
);

export function readInput(flags: readonly string[]): StatusReading {
  return readWithRules(flags, INPUT);
}
