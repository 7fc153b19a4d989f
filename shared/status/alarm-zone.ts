import type { StatusReading } from './reading';
import { atMostOne, defined, exactlyOne, readWithRules, typeRules } from './rules';

/**
 * Alarm zone flags. The server always reports user1/user2 by these names even where the site renamed
 * them; they are states the site set up, so they read as normal. Disarmed is deliberately open.
 */
const ALARM_ZONE = typeRules(
  {
    normal: { armed: 'Armed', user1: 'User state 1', user2: 'User state 2', lowFeel: 'Low feel', highVoltage: 'High voltage' },
    attention: { disarmed: 'Disarmed', exitDelay: 'Exit delay', entryDelay: 'Entry delay: input triggered, waiting for disarm' },
  },
  (flags, word) =>
    defined([
      exactlyOne(flags, ['armed', 'disarmed', 'user1', 'user2'], word, 'zone state'),
      atMostOne(flags, ['exitDelay', 'entryDelay'], word),
      // Exactly one when a fence zone is attached; none at all is a zone without one.
      atMostOne(flags, ['lowFeel', 'highVoltage'], word),
    ]),
);

export function readAlarmZone(flags: readonly string[]): StatusReading {
  return readWithRules(flags, ALARM_ZONE);
}
