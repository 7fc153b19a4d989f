import type { Discovery } from './discovery';
import { searchItems } from './items';
import type { SearchOptions } from './paging';
import type { SearchParams } from './search-query';
import type { Transport } from './transport';

/** What the board needs of a door in one search, instead of a detail call per door. */
export const DOOR_BOARD_FIELDS = ['href', 'id', 'name', 'description', 'division', 'commands', 'updates', 'statusFlags', 'statusText'];

/** The board's door search: every door with what its tile and panel need. */
export function searchDoors(transport: Transport, discovery: Discovery, options: SearchOptions & { params?: SearchParams } = {}) {
  const top = options.query?.top;
  return searchItems(
    transport,
    discovery,
    'door',
    { fields: DOOR_BOARD_FIELDS, ...(typeof top === 'number' ? { top } : {}), ...options.params },
    { signal: options.signal },
  );
}
