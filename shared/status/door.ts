import type { StatusReading } from './reading';
import { exactlyOne, defined, readWithRules, typeRules } from './rules';

/**
 * Door flags. A deliberately open door (a receptionist's Open, a free schedule) is attention; secure
 * and free do not change when the door opens, so each pair is read on its own.
 */
const DOOR = typeRules(
  {
    normal: { closed: 'Closed', locked: 'Locked', secure: 'Secure' },
    attention: { open: 'Open', unlocked: 'Unlocked', free: 'Free' },
    alarm: { forced: 'Forced', openTooLong: 'Open too long', tamper: 'Tamper' },
  },
  (flags, word) =>
    defined([
      exactlyOne(flags, ['open', 'closed'], word, 'door position'),
      exactlyOne(flags, ['locked', 'unlocked'], word, 'lock state'),
      exactlyOne(flags, ['secure', 'free'], word, 'door mode'),
    ]),
);

/** Reads door flags by the rules of docs/server-status-flags.md: exactly one of closed/open, locked/unlocked, secure/free. */
export function readDoor(flags: readonly string[]): StatusReading {
  return readWithRules(flags, DOOR);
}
