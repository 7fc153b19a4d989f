import { readAbnormal, COMMON_FLAG_WORDS } from './abnormal';
import { worse, type StatusReading, type Verdict } from './reading';

const DOOR_WORDS: Record<string, string> = {
  forced: 'Forced',
  openTooLong: 'Open too long',
  tamper: 'Tamper',
  open: 'Open',
  closed: 'Closed',
  locked: 'Locked',
  unlocked: 'Unlocked',
  secure: 'Secure',
  free: 'Free',
};

const ALARMS = ['forced', 'openTooLong', 'tamper'] as const;
/** Deliberately open states: a receptionist's Open, a free schedule. */
const ATTENTION = ['open', 'unlocked', 'free'] as const;
const NORMAL = new Set(['closed', 'locked', 'secure']);

/** Reads door flags by the spec's rules: exactly one of closed/open, locked/unlocked, secure/free. */
export function readDoor(flags: readonly string[]): StatusReading {
  const abnormal = readAbnormal(flags);
  if (abnormal) return abnormal;

  const words = flags.map((f) => DOOR_WORDS[f] ?? COMMON_FLAG_WORDS[f] ?? f);
  let verdict: Verdict = 'normal';
  const reasons: string[] = [];
  const raise = (v: Verdict, reason: string) => {
    verdict = worse(verdict, v);
    reasons.push(reason);
  };

  for (const f of ALARMS) if (flags.includes(f)) raise('alarm', DOOR_WORDS[f]!);
  if (!flags.includes('closed') && !flags.includes('open')) raise('alarm', 'In error: neither open nor closed');
  for (const f of ATTENTION) if (flags.includes(f)) raise('attention', DOOR_WORDS[f]!);
  for (const f of flags) {
    if (!(f in DOOR_WORDS) && !NORMAL.has(f)) raise('attention', `Unrecognised flag: ${f}`);
  }
  return { verdict, words, reasons };
}
