import type { ItemKind } from '../domain';

/**
 * The overrides that last (a mode until an end time, the next scheduled change, or a cancel), what an
 * item's status flags show while one is in effect, and the command that ends it. Momentary commands
 * (a door's open, a macro's run, a pulse, forgiving anti-passback, a zone count) and the commands that
 * end an override are not here: nothing of theirs keeps running. docs/server-interface.md §Overrides
 * and §Status flags.
 */
export interface LastingOverride {
  /** While the override is in effect the item's flags show this. */
  shows: (flags: readonly string[]) => boolean;
  /** The key of the item's `commands` map that ends it. */
  undo: string;
}

const has =
  (...wanted: string[]) =>
  (flags: readonly string[]) =>
    wanted.every((f) => flags.includes(f));
const lasting = (shows: LastingOverride['shows'], undo = 'cancel'): LastingOverride => ({ shows, undo });

/** Zone modes and the flag each shows (the `codeOnly` command shows `codeOrCard`). */
const ZONE_MODE_FLAG: Record<string, string> = { free: 'free', secure: 'secure', codeOnly: 'codeOrCard', dualAuth: 'dualAuth' };
const ZONE_MODE_KEY = /^(free|secure|codeOnly|dualAuth)(Pin)?(Until)?$/;

const BY_KIND: Record<ItemKind, Record<string, LastingOverride>> = {
  accessZone: { lockDown: lasting(has('lockedDown'), 'cancelLockDown') },
  alarmZone: {
    arm: lasting(has('armed')),
    disarm: lasting(has('disarmed')),
    user1: lasting(has('user1')),
    user2: lasting(has('user2')),
    armHighVoltage: lasting(has('armed', 'highVoltage')),
    armLowFeel: lasting(has('armed', 'lowFeel')),
  },
  door: {},
  // The fence shows `overridden` while any of its mode overrides lasts.
  fenceZone: {
    on: lasting(has('on', 'overridden')),
    off: lasting(has('off', 'overridden')),
    highVoltage: lasting(has('highVoltage', 'overridden')),
    lowFeel: lasting(has('lowFeel', 'overridden')),
    shunt: lasting(has('notPolled'), 'unshunt'),
  },
  input: { shunt: lasting(has('notPolled'), 'unshunt'), isolate: lasting(has('isolated'), 'deisolate') },
  interlockGroup: { disable: lasting(has('overridden'), 'enable') },
  macro: {},
  // The relay's own words: closed is on, open is off; `overridden` while the override holds.
  output: { on: lasting(has('closed', 'overridden')), off: lasting(has('open', 'overridden')) },
};

/** What a command key leaves running on an item of this kind, or undefined when nothing lasts. */
export function lastingOverride(kind: ItemKind, command: string): LastingOverride | undefined {
  if (kind === 'accessZone') {
    const mode = ZONE_MODE_KEY.exec(command);
    if (mode) {
      const flag = ZONE_MODE_FLAG[mode[1]!]!;
      const pin = mode[2] !== undefined;
      return lasting((flags) => flags.includes(flag) && flags.includes('usePin') === pin);
    }
  }
  const base = kind === 'alarmZone' || kind === 'output' ? command.replace(/Until$/, '') : command;
  return BY_KIND[kind][base];
}
