import type { StatusReading } from './reading';
import { atMostOne, defined, exactlyOne, readWithRules, typeRules, type FlagSet } from './rules';

const MODES = ['secure', 'dualAuth', 'codeOrCard', 'free'] as const;
const LOCKDOWN_MODES = ['secure', 'dualAuth'] as const;
const COUNT_OUT_OF_RANGE = ['zoneCountTooHigh', 'zoneCountTooLow'] as const;

/** Out of range needs action, except while the zone's grace period still tolerates it. */
const countVerdict = (flags: FlagSet) => (flags.has('zoneCountInGrace') ? 'attention' : 'alarm');

const ACCESS_ZONE = typeRules(
  {
    normal: {
      secure: 'Secure',
      dualAuth: 'Dual authentication',
      codeOrCard: 'Code or card',
      usePin: 'PIN needed too',
      thirdPartyOutputOnly: 'Third-party lock output only',
      mobileZone: 'Mobile zone',
    },
    attention: { free: 'Free', lockedDown: 'Locked down', zoneCountInGrace: 'Zone count in grace period' },
  },
  (flags, word) => [...zoneModeBreaches(flags, word), ...zoneCountBreaches(flags, word)],
  {
    zoneCountTooHigh: { word: 'Zone count too high', verdict: countVerdict },
    zoneCountTooLow: { word: 'Zone count too low', verdict: countVerdict },
  },
);

/** Rules (1), (2), (3) and the error test (5). */
function zoneModeBreaches(flags: FlagSet, word: (flag: string) => string): string[] {
  if (flags.has('thirdPartyOutputOnly')) {
    const others = flags.knownExcept(['thirdPartyOutputOnly']);
    return others.length ? [`In error: third-party lock output only came with ${others.map(word).join(', ')}`] : [];
  }
  if (flags.has('mobileZone')) {
    const others = flags.knownExcept(['mobileZone', 'secure']);
    return defined([
      flags.has('secure') ? undefined : 'In error: mobile zone without secure',
      others.length ? `In error: mobile zone came with ${others.map(word).join(', ')}` : undefined,
    ]);
  }
  if (flags.has('lockedDown')) {
    const unlockedModes = flags.present(['codeOrCard', 'free']);
    return defined([
      exactlyOne(flags, LOCKDOWN_MODES, word, 'lockdown mode'),
      unlockedModes.length ? `In error: ${unlockedModes.map(word).join(', ')} during lockdown` : undefined,
    ]);
  }
  return defined([exactlyOne(flags, MODES, word, 'zone mode')]);
}

/** Rule (4): grace comes with exactly one of too high / too low, and those two never together. */
function zoneCountBreaches(flags: FlagSet, word: (flag: string) => string): string[] {
  if (flags.has('zoneCountInGrace')) return defined([exactlyOne(flags, COUNT_OUT_OF_RANGE, word, 'zone count limit')]);
  return defined([atMostOne(flags, COUNT_OUT_OF_RANGE, word)]);
}

/** Reads access zone flags: mode, lockdown, zone count, and the doorless zones' special flags. */
export function readAccessZone(flags: readonly string[]): StatusReading {
  return readWithRules(flags, ACCESS_ZONE);
}
