import type { AlarmZoneState, LiveAlarmZone } from '../../model/alarm-zone';
import { timedOverrideNeedsSchedule, type CommandSpec, type CommandTable } from './command-spec';

const OVERRIDE = ['Override'];

function stateCommand(key: AlarmZoneState, verb: string, name: string): CommandSpec<LiveAlarmZone> {
  return {
    segment: verb,
    keys: [verb, `${verb}Until`],
    names: { [verb]: name, [`${verb}Until`]: `${name} until` },
    privileges: OVERRIDE,
    body: 'optionalEndTime',
    refuse: timedOverrideNeedsSchedule('alarm zone'),
    run: (zone, input) => zone.setState(key, input.endAt),
  };
}

export const alarmZoneCommands: CommandTable<LiveAlarmZone> = [
  stateCommand('armed', 'arm', 'Arm'),
  stateCommand('disarmed', 'disarm', 'Disarm'),
  stateCommand('user1', 'user1', 'User 1'),
  stateCommand('user2', 'user2', 'User 2'),
  {
    segment: 'cancel',
    keys: ['cancel'],
    names: { cancel: 'Cancel' },
    privileges: OVERRIDE,
    body: 'none',
    run: (zone) => zone.cancel(),
  },
];
