import type { ItemKind } from '../domain';

/** One key of an item's `commands` map, as the override dialog needs to know it. */
export interface CommandInfo {
  key: string;
  label: string;
  /** What the command does, shared by its PIN and Until variants: `free` for free, freePin, freeUntil… */
  action: string;
  /** A PIN variant: a PIN is also needed at the reader while the mode lasts. */
  pin: boolean;
  /** For an `...Until` key, the key whose href it shares; it is sent with an end time. */
  untilOf?: string;
  /** The question to ask before sending, for commands whose effect is drastic or hides alarms. */
  confirm?: string;
  /** Sent with `{zoneCount}`. */
  takesZoneCount: boolean;
  /** False for a key the server offered that these descriptions do not cover. */
  known: boolean;
}

type Entry = Omit<CommandInfo, 'key' | 'known'>;

function simple(action: string, label: string, extra: Partial<Entry> = {}): [string, Entry] {
  return [action, { label, action, pin: false, takesZoneCount: false, ...extra }];
}

/** A mode with an `...Until` twin (same href, needs an end time). */
function timed(action: string, label: string, pin = false): [string, Entry][] {
  const key = pin ? `${action}Pin` : action;
  const shown = pin ? `${label} with PIN` : label;
  return [
    [key, { label: shown, action, pin, takesZoneCount: false }],
    [`${key}Until`, { label: `${shown} until…`, action, pin, untilOf: key, takesZoneCount: false }],
  ];
}

const ACCESS_ZONE_MODES: [string, string][] = [
  ['free', 'Free'],
  ['secure', 'Secure'],
  ['codeOnly', 'Code or card'],
  ['dualAuth', 'Dual authentication'],
];

/** docs/server-interface.md §Command maps, in the order the dialog offers them. */
const DESCRIPTIONS: Record<ItemKind, Map<string, Entry>> = {
  accessZone: new Map([
    ...ACCESS_ZONE_MODES.flatMap(([action, label]) => [...timed(action, label), ...timed(action, label, true)]),
    simple('lockDown', 'Lock down', {
      confirm: 'Lock down this zone? Only cardholders allowed to enter locked-down zones will pass until the lockdown is cancelled.',
    }),
    simple('cancelLockDown', 'Cancel lockdown'),
    simple('cancel', 'Back to schedule (does not cancel a lockdown)'),
    simple('forgiveAntiPassback', 'Forgive anti-passback'),
    simple('setZoneCount', 'Set zone count', { takesZoneCount: true }),
  ]),
  alarmZone: new Map([
    ...timed('arm', 'Arm'),
    ...timed('disarm', 'Disarm'),
    ...timed('user1', 'User state 1'),
    ...timed('user2', 'User state 2'),
    // Offered only where a fence zone directs its events to the alarm zone.
    ...timed('armHighVoltage', 'Arm, fence high voltage'),
    ...timed('armLowFeel', 'Arm, fence low feel'),
    simple('cancel', 'Back to schedule'),
  ]),
  door: new Map([simple('open', 'Open'), simple('lock', 'Lock')]),
  fenceZone: new Map([
    simple('on', 'Turn on'),
    simple('off', 'Turn off', { confirm: 'Turn this fence zone off? It will not deter or detect until turned on again.' }),
    simple('highVoltage', 'High voltage'),
    simple('lowFeel', 'Low feel'),
    simple('shunt', 'Shunt', { confirm: 'Shunt this fence zone? Its status will not be polled and its alarms will not be seen.' }),
    simple('unshunt', 'Unshunt'),
    simple('cancel', 'Cancel override'),
  ]),
  input: new Map([
    simple('shunt', 'Shunt', { confirm: 'Shunt this input? Its status will not be polled and its alarms will not be seen.' }),
    simple('unshunt', 'Unshunt'),
    simple('isolate', 'Isolate', { confirm: 'Isolate this input? It will no longer prevent its alarm zone from arming.' }),
    simple('deisolate', 'End isolation'),
  ]),
  interlockGroup: new Map([
    simple('disable', 'Disable interlocking', {
      confirm: 'Disable interlocking for this group? Its doors will open independently until interlocking is enabled again.',
    }),
    simple('enable', 'Enable interlocking'),
  ]),
  macro: new Map([simple('run', 'Run', { confirm: 'Run this macro now? Everything it does happens on the server at once.' })]),
  // cc_rest.yaml OutputDetail.commands: on, onUntil, off, offUntil, pulse (8.50, only where the output pulses); cancel.
  output: new Map([
    ...timed('on', 'Turn on'),
    ...timed('off', 'Turn off'),
    simple('pulse', 'Pulse (on for its pulse time)'),
    simple('cancel', 'Cancel override'),
  ]),
};

/** Every command key docs/server-interface.md §Command maps lists for a kind, described. */
export function commandsFor(kind: ItemKind): CommandInfo[] {
  return [...DESCRIPTIONS[kind]].map(([key, entry]) => ({ key, known: true, ...entry }));
}

/**
 * The state names a server gives alarm zone commands when the site kept the standard terms, and
 * the words for them a button should say (cc_rest.yaml: AlarmZoneDetail.commands: arm "Armed" or
 * "Set", disarm "Disarmed" or "Unset", user1 "User1", user2 "User2"; the Until key carries the same
 * name). A name not listed here is the site's own name for the state, and is used as it is.
 */
const STANDARD_STATE_NAMES: Record<string, Record<string, string | undefined>> = {
  arm: { Armed: undefined, Set: 'Set' },
  disarm: { Disarmed: undefined, Unset: 'Unset' },
  user1: { User1: undefined },
  user2: { User2: undefined },
  armHighVoltage: { 'Armed - High Voltage': undefined },
  armLowFeel: { 'Armed - Low Feel': undefined },
};

/**
 * The label for a command the server named: for alarm zones the server's name is the state's name,
 * so a standard name keeps the desk's verb ("Arm", not "Armed") and a site's own name is shown as it is.
 */
export function labelForServerName(kind: ItemKind, key: string, serverName: string | undefined): string | undefined {
  if (!serverName) return undefined;
  if (kind !== 'alarmZone') return serverName;
  const base = key.endsWith('Until') ? key.slice(0, -'Until'.length) : key;
  const standard = STANDARD_STATE_NAMES[base];
  if (standard && Object.hasOwn(standard, serverName)) return standard[serverName];
  return serverName;
}

/**
 * What a command key of an item's `commands` map is. A key these descriptions do not know (a newer
 * server) is still described, by its own name and with a confirmation, since its effect is unknown.
 * Alarm zone commands carry the server's `name` (the site may have renamed user1/user2): pass it to use it.
 */
export function describeCommand(kind: ItemKind, key: string, serverName?: string): CommandInfo {
  const entry = DESCRIPTIONS[kind].get(key);
  if (!entry) {
    return {
      key,
      label: serverName || key,
      action: key,
      pin: false,
      takesZoneCount: false,
      known: false,
      confirm: `Send "${serverName || key}"? Gatehouse does not know what this command does.`,
    };
  }
  return { key, known: true, ...entry, label: labelForServerName(kind, key, serverName) ?? entry.label };
}

/**
 * A command key in words where the item's kind is not at hand (the audit log keeps the key and the
 * item's name): the first kind that knows the key gives its label ("Free until…" → "Free until"), and a
 * key no kind knows is split into words ("cancelLockDown" → "cancel lock down"), never shown as a key.
 */
export function commandWords(key: string): string {
  for (const table of Object.values(DESCRIPTIONS)) {
    const label = table.get(key)?.label;
    if (label) return label.replace(/…$/, '');
  }
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
