import type { ItemKind, ItemStatus } from '../../../../shared/domain';

/**
 * What the item's status shows once a command took effect, so the outcome line can say "done" from
 * the server's own report rather than from the POST's answer. Commands with no visible effect in the
 * status flags (cancel, forgive anti-passback, run) have none: their outcome is the server's answer.
 */
export type Expectation = (status: ItemStatus) => boolean;

const has = (flag: string): Expectation => (s) => s.flags.includes(flag);
const lacks = (flag: string): Expectation => (s) => s.flags.length > 0 && !s.flags.includes(flag) && !s.flags.includes('unknown');
const both = (a: Expectation, b: Expectation): Expectation => (s) => a(s) && b(s);

const BY_KIND: Record<ItemKind, Record<string, Expectation>> = {
  door: { open: (s) => s.flags.includes('unlocked') || s.flags.includes('open'), lock: has('locked') },
  accessZone: {
    free: has('free'),
    secure: has('secure'),
    codeOnly: has('codeOrCard'),
    dualAuth: has('dualAuth'),
    lockDown: has('lockedDown'),
    cancelLockDown: lacks('lockedDown'),
  },
  alarmZone: {
    arm: has('armed'),
    disarm: has('disarmed'),
    user1: has('user1'),
    user2: has('user2'),
    armHighVoltage: both(has('armed'), has('highVoltage')),
    armLowFeel: both(has('armed'), has('lowFeel')),
  },
  fenceZone: { on: has('on'), off: has('off'), highVoltage: has('highVoltage'), lowFeel: has('lowFeel'), shunt: has('notPolled'), unshunt: lacks('notPolled') },
  input: { shunt: has('notPolled'), unshunt: lacks('notPolled'), isolate: has('isolated'), deisolate: lacks('isolated') },
  interlockGroup: { disable: has('overridden'), enable: lacks('overridden') },
  macro: {},
  // The relay's own words: closed is on, open is off. A pulse has none: it may be over before the next status.
  output: { on: has('closed'), onUntil: has('closed'), off: has('open'), offUntil: has('open') },
};

const MODE_KEY = /^(free|secure|codeOnly|dualAuth)(Pin)?(Until)?$/;

/** The expectation for one command key, or undefined when the status does not show its effect. */
export function expectationFor(kind: ItemKind, command: string, zoneCount?: number): Expectation | undefined {
  if (kind === 'accessZone') {
    if (command === 'setZoneCount') return zoneCount === undefined ? undefined : (s) => s.zoneCount === zoneCount;
    const mode = MODE_KEY.exec(command);
    if (mode) {
      const base = BY_KIND.accessZone[mode[1]!]!;
      return mode[2] ? both(base, has('usePin')) : both(base, (s) => !s.flags.includes('usePin'));
    }
  }
  if (kind === 'alarmZone') {
    const base = command.replace(/Until$/, '');
    return BY_KIND.alarmZone[base];
  }
  return BY_KIND[kind][command];
}
