import type { StatusReading } from './reading';
import { exactlyOne, defined, readWithRules, type TypeRules } from './rules';

/**
 * Door flags. A deliberately open door (a receptionist's Open, a free schedule) is attention; secure
 * and free do not change when the door opens, so each pair is read on its own.
 */
const DOOR: TypeRules = {
  flags: {
    forced: { word: 'Forced', verdict: 'alarm' },
    openTooLong: { word: 'Open too long', verdict: 'alarm' },
    tamper: { word: 'Tamper', verdict: 'alarm' },
    open: { word: 'Open', verdict: 'attention' },
    closed: { word: 'Closed', verdict: 'normal' },
    locked: { word: 'Locked', verdict: 'normal' },
    unlocked: { word: 'Unlocked', verdict: 'attention' },
    secure: { word: 'Secure', verdict: 'normal' },
    free: { word: 'Free', verdict: 'attention' },
  },
  breaches: (flags, word) =>
    defined([
      exactlyOne(flags, ['open', 'closed'], word, 'door position'),
      exactlyOne(flags, ['locked', 'unlocked'], word, 'lock state'),
      exactlyOne(flags, ['secure', 'free'], word, 'door mode'),
    ]),
};

/** Reads door flags by the rules of docs/server-status-flags.md: exactly one of closed/open, locked/unlocked, secure/free. */
export function readDoor(flags: readonly string[]): StatusReading {
  return readWithRules(flags, DOOR);
}
