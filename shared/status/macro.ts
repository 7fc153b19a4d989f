import type { StatusReading } from './reading';
import { readWithRules, typeRules } from './rules';

/**
 * Macro flags: normally none. The experimental `closed` (9.30 on, briefly while running) is shown but
 * never relied on, so it changes nothing.
 */
const MACRO = typeRules({ normal: { closed: 'closed (experimental flag, not relied on)' } });

export function readMacro(flags: readonly string[]): StatusReading {
  return readWithRules(flags, MACRO);
}
