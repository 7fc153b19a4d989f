import type { StatusReading } from './reading';
import { atMostOne, defined, exactlyOne, readWithRules, type TypeRules } from './rules';

/**
 * Alarm zone flags. The server always reports user1/user2 by these names even where the site renamed
 * them; they are states the site set up, so they read as normal. Disarmed is deliberately open.
 */
const ALARM_ZONE: TypeRules = {
  flags: {
    armed: { word: 'Armed', verdict: 'normal' },
    disarmed: { word: 'Disarmed', verdict: 'attention' },
    user1: { word: 'User state 1', verdict: 'normal' },
    user2: { word: 'User state 2', verdict: 'normal' },
    exitDelay: { word: 'Exit delay', verdict: 'attention' },
    entryDelay: { word: 'Entry delay: input triggered, waiting for disarm', verdict: 'attention' },
    lowFeel: { word: 'Low feel', verdict: 'normal' },
    highVoltage: { word: 'High voltage', verdict: 'normal' },
  },
  breaches: (flags, word) =>
    defined([
      exactlyOne(flags, ['armed', 'disarmed', 'user1', 'user2'], word, 'zone state'),
      atMostOne(flags, ['exitDelay', 'entryDelay'], word),
      // Exactly one when a fence zone is attached; none at all is a zone without one.
      atMostOne(flags, ['lowFeel', 'highVoltage'], word),
    ]),
};

export function readAlarmZone(flags: readonly string[]): StatusReading {
  return readWithRules(flags, ALARM_ZONE);
}
