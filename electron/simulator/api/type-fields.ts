import { LiveAccessZone } from '../model/access-zone';
import { LiveDoor } from '../model/door';
import { LiveFenceZone } from '../model/fence-zone';
import type { Collection, LiveItem } from '../model/live-item';
import type { World } from '../model/world';
import type { FieldSource } from './fields';
import type { Links } from './links';

export interface TypeFields {
  /** Field names `fields` may select for this type (docs/server-interface.md §Fields by type). */
  allowed: string[];
  /** Fields of a detail GET without `fields`. */
  detailDefaults: string[];
  /** Values of the type-specific fields. */
  source: FieldSource;
}

const BASE = ['href', 'id', 'name', 'shortName', 'description', 'division', 'commands', 'connectedController'];
const STATUS = ['statusFlags', 'statusText', 'status', 'notes', 'updates'];

/** Fields selectable with `fields`, by item type (docs/server-interface.md §Fields by type). */
const ALLOWED: Partial<Record<Collection, string[]>> = {
  access_zones: [...BASE, 'doors', 'zoneCount', ...STATUS],
  alarm_zones: [...BASE, 'statusFlags', 'status', 'notes', 'updates'],
  doors: [...BASE, 'entryAccessZone', 'exitAccessZone', ...STATUS],
  fence_zones: [...BASE, 'voltage', ...STATUS],
  inputs: [...BASE, ...STATUS],
  interlock_groups: [...BASE, ...STATUS],
  // cc_rest.yaml OUTPUTFIELDS: the common fields of an item with status, nothing of its own.
  outputs: [...BASE, ...STATUS],
  macros: ['href', 'id', 'name', 'description', 'division', 'commands', 'notes', 'updates'],
};

function zoneLink(world: World, links: Links, id: string | undefined) {
  const zone = id ? world.accessZone(id) : undefined;
  return zone ? { name: zone.def.name, href: links.item('access_zones', zone.id) } : undefined;
}

function typeSource(item: LiveItem, world: World, links: Links): FieldSource {
  if (item instanceof LiveDoor) {
    return {
      entryAccessZone: () => zoneLink(world, links, item.def.entryAccessZone),
      exitAccessZone: () => zoneLink(world, links, item.def.exitAccessZone),
    };
  }
  if (item instanceof LiveAccessZone) {
    return {
      // The vendor's sample nests this array one level deeper (docs/server-interface.md §Type-specific fields); the simulator sends the plain array.
      doors: () => item.doors().map((d) => ({ name: d.name, href: links.item('doors', d.id) })),
      zoneCount: () => item.zoneCount,
    };
  }
  if (item instanceof LiveFenceZone) return { voltage: () => item.updateExtras().voltage };
  return {};
}

/**
 * Type-specific fields of the item types with status. Detail pages carry every field of the type
 * except statusFlags, which must be asked for (Common item fields).
 */
export function typeFieldsOf(item: LiveItem, world: World, links: Links): TypeFields {
  const allowed = ALLOWED[item.collection];
  if (!allowed) throw new Error(`No field table for ${item.collection}`);
  return { allowed, detailDefaults: allowed.filter((f) => f !== 'statusFlags'), source: typeSource(item, world, links) };
}
