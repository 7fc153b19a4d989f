import type { Discovery } from './discovery';
import { DeskError } from '../../../shared/errors';
import { searchAll, type SearchOptions } from './paging';
import { ItemFields } from './schemas';
import type { Transport } from './transport';

/** What the board needs of a door in one search, instead of a detail call per door. */
export const DOOR_BOARD_FIELDS = 'href,id,name,description,division,commands,updates,statusFlags,statusText';

export const DoorSummary = ItemFields;

export function searchDoors(transport: Transport, discovery: Discovery, options: SearchOptions = {}) {
  const href = discovery.links.get('doors.doors');
  if (!href) throw new DeskError('licence', 'This server offers no door calls (not licensed for status or overrides)');
  return searchAll(transport, href, DoorSummary, 'Door search', {
    ...options,
    query: { fields: DOOR_BOARD_FIELDS, ...options.query },
  });
}
