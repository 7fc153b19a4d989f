import type { AccessZoneMode, LiveAccessZone } from '../../model/access-zone';
import { timedOverrideNeedsSchedule, type CommandSpec, type CommandTable } from './command-spec';

const OVERRIDE = ['Override'];

function modeCommand(segment: string, key: string, mode: AccessZoneMode, pin: boolean): CommandSpec<LiveAccessZone> {
  return {
    segment,
    keys: [key, `${key}Until`],
    privileges: OVERRIDE,
    body: 'optionalEndTime',
    refuse: timedOverrideNeedsSchedule('access zone'),
    run: (zone, input) => zone.setMode(mode, pin, input.endAt),
  };
}

export const accessZoneCommands: CommandTable<LiveAccessZone> = [
  modeCommand('free', 'free', 'free', false),
  modeCommand('free_pin', 'freePin', 'free', true),
  modeCommand('secure', 'secure', 'secure', false),
  modeCommand('secure_pin', 'securePin', 'secure', true),
  modeCommand('code_only', 'codeOnly', 'codeOrCard', false),
  modeCommand('code_only_pin', 'codeOnlyPin', 'codeOrCard', true),
  modeCommand('dual_auth', 'dualAuth', 'dualAuth', false),
  modeCommand('dual_auth_pin', 'dualAuthPin', 'dualAuth', true),
  { segment: 'forgive_anti_passback', keys: ['forgiveAntiPassback'], privileges: OVERRIDE, body: 'none', run: () => undefined },
  {
    segment: 'set_zone_count',
    keys: ['setZoneCount'],
    privileges: OVERRIDE,
    body: 'zoneCount',
    run: (zone, input) => zone.setZoneCount(input.zoneCount!),
  },
  { segment: 'lock_down', keys: ['lockDown'], privileges: OVERRIDE, body: 'none', run: (zone) => zone.lockDown() },
  { segment: 'cancel_lock_down', keys: ['cancelLockDown'], privileges: OVERRIDE, body: 'none', run: (zone) => zone.cancelLockDown() },
  { segment: 'cancel', keys: ['cancel'], privileges: OVERRIDE, body: 'none', run: (zone) => zone.cancel() },
];
