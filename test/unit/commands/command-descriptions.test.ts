import { describe, expect, it } from 'vitest';
import { ItemKind } from '../../../shared/domain';
import { commandsFor, describeCommand } from '../../../shared/commands';

/** The spec's "Command maps (`commands`)" table. */
const SPEC_COMMAND_MAPS: Record<ItemKind, string[]> = {
  accessZone: [
    'free', 'freeUntil', 'freePin', 'freePinUntil', 'secure', 'secureUntil', 'securePin', 'securePinUntil',
    'codeOnly', 'codeOnlyUntil', 'codeOnlyPin', 'codeOnlyPinUntil', 'dualAuth', 'dualAuthUntil', 'dualAuthPin',
    'dualAuthPinUntil', 'forgiveAntiPassback', 'setZoneCount', 'lockDown', 'cancelLockDown', 'cancel',
  ],
  // cc_rest.yaml: /api/alarm_zones/{id}/armHighVoltage and /armLowFeel, with the Until twins every alarm-zone state has.
  alarmZone: [
    'arm', 'armUntil', 'disarm', 'disarmUntil', 'user1', 'user1Until', 'user2', 'user2Until',
    'armHighVoltage', 'armHighVoltageUntil', 'armLowFeel', 'armLowFeelUntil', 'cancel',
  ],
  door: ['open', 'lock'],
  fenceZone: ['on', 'off', 'shunt', 'unshunt', 'highVoltage', 'lowFeel', 'cancel'],
  input: ['shunt', 'unshunt', 'isolate', 'deisolate'],
  interlockGroup: ['disable', 'enable'],
  macro: ['run'],
  // The spec has no outputs; cc_rest.yaml OutputDetail.commands gives on, onUntil, off, offUntil, pulse, and the Outputs tag's use case cancel.
  output: ['on', 'onUntil', 'off', 'offUntil', 'pulse', 'cancel'],
};

const keys = (kind: ItemKind, pick: (c: ReturnType<typeof commandsFor>[number]) => boolean) =>
  commandsFor(kind).filter(pick).map((c) => c.key).sort();

describe('command descriptions', () => {
  it.each(ItemKind.options)('%s: every key of the spec\'s command map, each with a human label', (kind) => {
    const commands = commandsFor(kind);
    expect(commands.map((c) => c.key).sort()).toEqual([...SPEC_COMMAND_MAPS[kind]].sort());
    for (const c of commands) {
      expect(c.label).toMatch(/^[A-Z]/);
      expect(c.label).not.toBe(c.key);
    }
  });

  it('an ...Until command shares the href of its base command and needs an end time', () => {
    for (const kind of ItemKind.options) {
      for (const c of commandsFor(kind)) {
        expect(c.untilOf).toBe(c.key.endsWith('Until') ? c.key.slice(0, -'Until'.length) : undefined);
      }
    }
    expect(describeCommand('accessZone', 'freePinUntil')).toMatchObject({ untilOf: 'freePin', pin: true, action: 'free' });
    expect(describeCommand('alarmZone', 'armUntil')).toMatchObject({ untilOf: 'arm', pin: false, action: 'arm' });
  });

  it('PIN variants are the access zone modes with Pin', () => {
    expect(keys('accessZone', (c) => c.pin)).toEqual(
      ['freePin', 'freePinUntil', 'securePin', 'securePinUntil', 'codeOnlyPin', 'codeOnlyPinUntil', 'dualAuthPin', 'dualAuthPinUntil'].sort(),
    );
    for (const kind of ItemKind.options.filter((k) => k !== 'accessZone')) expect(keys(kind, (c) => c.pin)).toEqual([]);
  });

  it('confirmation for lockdown, fence off, input isolate, shunts, interlock disable and macro run, and nothing else', () => {
    const confirmed = ItemKind.options.flatMap((kind) => keys(kind, (c) => c.confirm !== undefined).map((k) => `${kind}.${k}`));
    expect(confirmed.sort()).toEqual([
      'accessZone.lockDown',
      'fenceZone.off',
      'fenceZone.shunt',
      'input.isolate',
      'input.shunt',
      'interlockGroup.disable',
      'macro.run',
    ]);
    expect(describeCommand('accessZone', 'lockDown').confirm).toMatch(/^Lock down this zone\?/);
  });

  it('only setZoneCount takes a zone count', () => {
    const counted = ItemKind.options.flatMap((kind) => keys(kind, (c) => c.takesZoneCount));
    expect(counted).toEqual(['setZoneCount']);
  });

  it('uses the name the server gave an alarm zone command (user states may be renamed)', () => {
    expect(describeCommand('alarmZone', 'user1', 'Night mode')).toMatchObject({ label: 'Night mode', action: 'user1' });
    expect(describeCommand('alarmZone', 'user1').label).toBe('User state 1');
  });

  // cc_rest.yaml: AlarmZoneDetail.commands.*.name is the state's name: arm "Armed"/"Set", disarm "Disarmed"/"Unset", user1 "User1".
  it('keeps the desk\'s verb for the standard state names and shows a site\'s own names as they are', () => {
    expect(describeCommand('alarmZone', 'arm', 'Armed').label).toBe('Arm');
    expect(describeCommand('alarmZone', 'armUntil', 'Armed').label).toBe('Arm until…');
    expect(describeCommand('alarmZone', 'disarm', 'Disarmed').label).toBe('Disarm');
    expect(describeCommand('alarmZone', 'arm', 'Set').label).toBe('Set');
    expect(describeCommand('alarmZone', 'disarm', 'Unset').label).toBe('Unset');
    expect(describeCommand('alarmZone', 'user2', 'User2').label).toBe('User state 2');
    expect(describeCommand('alarmZone', 'armHighVoltage', 'Armed - High Voltage').label).toBe('Arm, fence high voltage');
    expect(describeCommand('alarmZone', 'armLowFeelUntil', 'Armed - Low Feel')).toMatchObject({
      label: 'Arm, fence low feel until…',
      untilOf: 'armLowFeel',
      action: 'armLowFeel',
    });
    expect(describeCommand('alarmZone', 'user1', 'User1').label).toBe('User state 1');
  });

  it('describes a key it does not know by its name, asking for confirmation', () => {
    expect(describeCommand('door', 'unlockForever')).toMatchObject({
      key: 'unlockForever',
      label: 'unlockForever',
      known: false,
      confirm: 'Send "unlockForever"? Gatehouse does not know what this command does.',
    });
  });
});
