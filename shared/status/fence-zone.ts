import type { StatusReading } from './reading';
import { atMostOne, defined, exactlyOne, onlyWhen, readWithRules, typeRules, type FlagSet } from './rules';

/**
 * Fence zone flags. On is normal in either voltage mode; off, overrides and the transient or
 * technician states are attention; an alert or a cabling/controller problem needs action.
 * notPolled (shunted) is read with the common flags: it comes alone.
 */
const FENCE_ZONE = typeRules(
  {
    normal: { on: 'On', lowFeel: 'Low feel', highVoltage: 'High voltage', voltageKnown: 'Voltage known' },
    attention: {
      off: 'Off',
      hVPlusMode: 'High voltage plus after a disturbance',
      overridden: 'Overridden',
      serviceMode: 'Service mode (set at the controller)',
      warning: 'Warning: voltage between the alert and warning ranges',
      preArm: 'Pre-arm check running',
      lockedOut: 'Locked out at a keypad',
    },
    alarm: {
      deterrentUnknown: 'Deterrent unknown: energiser cabling problem',
      alert: 'Alert: voltage outside the alert range',
      parentAlert: 'Fence controller problem',
    },
  },
  (flags, word) =>
    defined([
      exactlyOne(flags, ['deterrentUnknown', 'on', 'off'], word, 'energiser state'),
      ...voltageModeBreaches(flags, word),
      atMostOne(flags, ['alert', 'warning'], word),
    ]),
);

function voltageModeBreaches(flags: FlagSet, word: (flag: string) => string): (string | undefined)[] {
  if (flags.has('on')) return [exactlyOne(flags, ['lowFeel', 'highVoltage', 'hVPlusMode'], word, 'voltage mode')];
  if (flags.has('off')) {
    return [exactlyOne(flags, ['lowFeel', 'highVoltage'], word, 'voltage mode'), onlyWhen(flags, 'hVPlusMode', word, 'on')];
  }
  return [onlyWhen(flags, 'hVPlusMode', word, 'on')];
}

export function readFenceZone(flags: readonly string[]): StatusReading {
  return readWithRules(flags, FENCE_ZONE);
}

export type FenceVoltage = { valid: true; value: number } | { valid: false; reason: string };

/**
 * Whether a fence zone's `voltage` may be shown: the server's number means something only while
 * `voltageKnown` is reported (it needs an energiser pulse since the zone turned on).
 */
export function readFenceVoltage(flags: readonly string[], voltage: number | undefined): FenceVoltage {
  if (!flags.includes('voltageKnown')) return { valid: false, reason: 'Voltage not known' };
  if (voltage === undefined || !Number.isInteger(voltage)) {
    return { valid: false, reason: 'Voltage known but not reported as a whole number' };
  }
  return { valid: true, value: voltage };
}

export function mayShowFenceVoltage(flags: readonly string[], voltage: number | undefined): boolean {
  return readFenceVoltage(flags, voltage).valid;
}
