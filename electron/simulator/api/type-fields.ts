import { LiveAccessZone } from '../model/access-zone';
import { LiveDoor } from '../model/door';
import type { LiveItem } from '../model/live-item';
import type { World } from '../model/world';
import type { FieldSource } from './fields';
import type { Links } from './links';

export interface TypeFields {
  /** Field names `fields` may select for this type (the spec's table). */
  allowed: string[];
  /** Fields of a detail GET without `fields`. */
  detailDefaults: string[];
  /** Values of the type-specific fields. */
  source: FieldSource;
}

const COMMON_DETAIL = ['href', 'id', 'name', 'shortName', 'description', 'division', 'commands', 'connectedController', 'statusText', 'status', 'notes', 'updates'];

function zoneLink(world: World, links: Links, id: string | undefined) {
  const zone = id ? world.accessZone(id) : undefined;
  return zone ? { name: zone.def.name, href: links.item('access_zones', zone.id) } : undefined;
}

/** Type-specific fields of the item types with status (Fields selectable with fields, by item type). */
export function typeFieldsOf(item: LiveItem, world: World, links: Links): TypeFields {
  if (item instanceof LiveDoor) {
    return {
      allowed: ['href', 'id', 'name', 'shortName', 'description', 'division', 'commands', 'connectedController', 'entryAccessZone', 'exitAccessZone', 'statusFlags', 'statusText', 'status', 'notes', 'updates'],
      detailDefaults: [...COMMON_DETAIL, 'entryAccessZone', 'exitAccessZone'],
      source: {
        entryAccessZone: () => zoneLink(world, links, item.def.entryAccessZone),
        exitAccessZone: () => zoneLink(world, links, item.def.exitAccessZone),
      },
    };
  }
  if (item instanceof LiveAccessZone) {
    return {
      allowed: ['href', 'id', 'name', 'shortName', 'description', 'division', 'commands', 'connectedController', 'doors', 'zoneCount', 'statusFlags', 'statusText', 'status', 'notes', 'updates'],
      detailDefaults: [...COMMON_DETAIL, 'doors', 'zoneCount'],
      source: {
        doors: () => item.doors().map((d) => ({ name: d.name, href: links.item('doors', d.id) })),
        zoneCount: () => item.zoneCount,
      },
    };
  }
  throw new Error(`No field table for ${item.collection}`);
}
