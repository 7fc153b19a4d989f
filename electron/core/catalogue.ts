import type { BoardItem, ItemStatus } from '../../shared/domain';
import type { Discovery } from './api/discovery';
import { searchDoors } from './api/doors';
import type { ItemFields } from './api/schemas';
import type { Transport } from './api/transport';

/** Where the board puts items the site gives no floor. */
export const SITE_GROUP = 'Site';

export interface CatalogueEntry {
  board: BoardItem;
  /** The item as the server gave it: the only source of command and updates hrefs. */
  fields: ItemFields;
}

/** Loads the items the board shows, keyed by href, with the status each search answer carried. */
export async function loadCatalogue(
  transport: Transport,
  discovery: Discovery,
  now: () => number = Date.now,
): Promise<{ entries: Map<string, CatalogueEntry>; statuses: ItemStatus[] }> {
  const entries = new Map<string, CatalogueEntry>();
  const statuses: ItemStatus[] = [];
  for await (const door of searchDoors(transport, discovery)) {
    entries.set(door.href, { board: toBoardItem(door), fields: door });
    if (door.statusFlags) {
      statuses.push({ href: door.href, flags: door.statusFlags, statusText: door.statusText ?? '', receivedAt: now() });
    }
  }
  return { entries, statuses };
}

function toBoardItem(door: ItemFields): BoardItem {
  return {
    href: door.href,
    id: door.id,
    kind: 'door',
    name: door.name,
    description: door.description,
    division: door.division,
    commands: Object.keys(door.commands ?? {}),
    group: SITE_GROUP,
  };
}
