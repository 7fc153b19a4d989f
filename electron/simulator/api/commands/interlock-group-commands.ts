import type { LiveInterlockGroup } from '../../model/interlock-group';
import type { CommandTable } from './command-spec';

const OVERRIDE = ['Override'];

export const interlockGroupCommands: CommandTable<LiveInterlockGroup> = [
  { segment: 'disable', keys: ['disable'], privileges: OVERRIDE, body: 'none', run: (g) => g.setDisabled(true) },
  { segment: 'enable', keys: ['enable'], privileges: OVERRIDE, body: 'none', run: (g) => g.setDisabled(false) },
];
