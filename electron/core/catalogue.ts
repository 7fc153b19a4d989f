import type { BoardItem, ItemKind, ItemStatus } from '../../shared/domain';
import { DeskError } from '../../shared/errors';
import type { Discovery } from './api/discovery';
import { searchItems } from './api/items';
import { ITEM_TYPES } from './api/item-types';
import type { ItemFields } from './api/schemas';
import type { Transport } from './api/transport';

/** Where the board puts items the site gives no floor. */
export const SITE_GROUP = 'Site';

/** Every item type with live status the catalogue can load, in loading order. */
export const LIVE_KINDS: readonly ItemKind[] = ['door', 'accessZone', 'alarmZone', 'fenceZone', 'input', 'interlockGroup', 'macro'];

/** What the board shows today; the renderer's board and its tests expect doors only until it grows panels by type. */
export const BOARD_KINDS: readonly ItemKind[] = ['door'];

/** What a tile and its panel need, in one search per type instead of a detail call per item. */
const BOARD_FIELDS = ['description', 'division', 'commands', 'updates', 'statusFlags', 'statusText'];

export interface CatalogueEntry {
  board: BoardItem;
  /** The item as the server gave it: the only source of command and updates hrefs. */
  fields: ItemFields;
}

/**
 * Loads the items the board shows, keyed by href, with the status each search answer carried. Types
 * the server does not link are left out; a type the operator may not read (403/404) is left out too,
 * so one missing privilege does not empty the whole board.
 */
export async function loadCatalogue(
  transport: Transport,
  discovery: Discovery,
  now: () => number = Date.now,
  kinds: readonly ItemKind[] = BOARD_KINDS,
): Promise<{ entries: Map<string, CatalogueEntry>; statuses: ItemStatus[] }> {
  const entries = new Map<string, CatalogueEntry>();
  const statuses: ItemStatus[] = [];
  for (const kind of kinds) {
    const type = ITEM_TYPES[kind];
    if (!discovery.links.has(type.feature)) continue;
    const fields = BOARD_FIELDS.filter((f) => type.fields.includes(f));
    try {
      for await (const item of searchItems(transport, discovery, kind, { fields })) {
        const found = item as ItemFields;
        entries.set(found.href, { board: toBoardItem(kind, found), fields: found });
        if (found.statusFlags) {
          statuses.push({ href: found.href, flags: found.statusFlags, statusText: found.statusText ?? '', receivedAt: now() });
        }
      }
    } catch (err) {
      if (err instanceof DeskError && ['licence', 'forbidden', 'not-found'].includes(err.code) && kind !== 'door') continue;
      throw err;
    }
  }
  return { entries, statuses };
}

function toBoardItem(kind: ItemKind, item: ItemFields): BoardItem {
  return {
    href: item.href,
    id: item.id,
    kind,
    name: item.name,
    description: item.description,
    division: item.division,
    commands: Object.keys(item.commands ?? {}),
    commandOffers: Object.keys(item.commands ?? {}).map((key) => ({ key })),
    group: SITE_GROUP,
    floors: [],
  };
}
