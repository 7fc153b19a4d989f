import type { LiveInput } from '../../model/input';
import type { CommandTable } from './command-spec';

const MAINTENANCE = ['Maintenance Override'];

export const inputCommands: CommandTable<LiveInput> = [
  { segment: 'shunt', keys: ['shunt'], privileges: MAINTENANCE, body: 'none', run: (i) => i.setShunted(true) },
  { segment: 'unshunt', keys: ['unshunt'], privileges: MAINTENANCE, body: 'none', run: (i) => i.setShunted(false) },
  { segment: 'isolate', keys: ['isolate'], privileges: MAINTENANCE, body: 'none', run: (i) => i.setIsolated(true) },
  { segment: 'deisolate', keys: ['deisolate'], privileges: MAINTENANCE, body: 'none', run: (i) => i.setIsolated(false) },
];
