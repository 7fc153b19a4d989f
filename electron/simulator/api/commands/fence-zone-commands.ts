import type { LiveFenceZone } from '../../model/fence-zone';
import type { CommandTable } from './command-spec';

const OVERRIDE = ['Override'];
const MAINTENANCE = ['Maintenance Override'];

export const fenceZoneCommands: CommandTable<LiveFenceZone> = [
  { segment: 'on', keys: ['on'], privileges: OVERRIDE, body: 'none', run: (z) => z.setPower('on') },
  { segment: 'off', keys: ['off'], privileges: OVERRIDE, body: 'none', run: (z) => z.setPower('off') },
  { segment: 'shunt', keys: ['shunt'], privileges: MAINTENANCE, body: 'none', run: (z) => z.setShunted(true) },
  { segment: 'unshunt', keys: ['unshunt'], privileges: MAINTENANCE, body: 'none', run: (z) => z.setShunted(false) },
  { segment: 'high_voltage', keys: ['highVoltage'], privileges: OVERRIDE, body: 'none', run: (z) => z.setLevel('highVoltage') },
  { segment: 'low_feel', keys: ['lowFeel'], privileges: OVERRIDE, body: 'none', run: (z) => z.setLevel('lowFeel') },
  { segment: 'cancel', keys: ['cancel'], privileges: OVERRIDE, body: 'none', run: (z) => z.cancel() },
];
