import type { LiveDoor } from '../../model/door';
import type { CommandTable } from './command-spec';

const OPEN_DOOR = ['Override - Open Door', 'Override'];

export const doorCommands: CommandTable<LiveDoor> = [
  {
    segment: 'open',
    keys: ['open'],
    privileges: OPEN_DOOR,
    body: 'none',
    run: (door) => door.unlockByOverride(),
  },
  {
    segment: 'lock',
    keys: ['lock'],
    privileges: OPEN_DOOR,
    body: 'none',
    since: '9.40',
    offeredBy: (door) => door.halfCycle,
    run: (door) => door.lockByOverride(),
  },
];
