import type { FenceLevel } from '../../model/fence-zone';
import type { AlarmZoneState, LiveAlarmZone } from '../../model/alarm-zone';
import { timedOverrideNeedsSchedule, type CommandSpec, type CommandTable } from './command-spec';

const OVERRIDE = ['Override'];

/**
 * A state override with its `...Until` twin. `name` is the state's name as the server reports it in
 * the command map (cc_rest.yaml: AlarmZoneDetail.commands.arm.name "Armed", disarm "Disarmed",
 * user1 "User1", user2 "User2"; the Until key carries the same state name).
 */
function stateCommand(
  verb: string,
  name: string,
  run: (zone: LiveAlarmZone, endAt: number | undefined) => void,
  extra: Partial<CommandSpec<LiveAlarmZone>> = {},
): CommandSpec<LiveAlarmZone> {
  return {
    segment: verb,
    keys: [verb, `${verb}Until`],
    names: { [verb]: name, [`${verb}Until`]: name },
    privileges: OVERRIDE,
    body: 'optionalEndTime',
    refuse: timedOverrideNeedsSchedule('alarm zone'),
    run: (zone, input) => run(zone, input.endAt),
    ...extra,
  };
}

const toState = (state: AlarmZoneState) => (zone: LiveAlarmZone, endAt: number | undefined) => zone.setState(state, endAt);
const armedAt = (level: FenceLevel) => (zone: LiveAlarmZone, endAt: number | undefined) => zone.armWithFence(level, endAt);
/** 'Armed - High Voltage' and 'Armed - Low Feel' only where a fence zone directs its events to the zone (cc_rest.yaml: tag Alarm Zones). */
const hasFence = (zone: LiveAlarmZone) => zone.fence !== undefined;

export const alarmZoneCommands: CommandTable<LiveAlarmZone> = [
  stateCommand('arm', 'Armed', toState('armed')),
  stateCommand('disarm', 'Disarmed', toState('disarmed')),
  stateCommand('user1', 'User1', toState('user1')),
  stateCommand('user2', 'User2', toState('user2')),
  stateCommand('armHighVoltage', 'Armed - High Voltage', armedAt('highVoltage'), { offeredBy: hasFence }),
  stateCommand('armLowFeel', 'Armed - Low Feel', armedAt('lowFeel'), { offeredBy: hasFence }),
  {
    segment: 'cancel',
    keys: ['cancel'],
    privileges: OVERRIDE,
    body: 'none',
    run: (zone) => zone.cancel(),
  },
];
