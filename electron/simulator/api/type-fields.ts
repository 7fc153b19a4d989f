import type { Operator } from '../auth/operator';
import { LiveAccessZone } from '../model/access-zone';
import { LiveDoor } from '../model/door';
import { LiveFenceZone } from '../model/fence-zone';
import type { Collection, LiveItem } from '../model/live-item';
import type { World } from '../model/world';
import type { Links } from './links';

/** What a field's value is read from: the item and the server answering for it. */
export interface FieldContext {
  item: LiveItem;
  world: World;
  links: Links;
  operator: Operator;
}

/** One field's value, or undefined to leave the field out. */
export type FieldGetter = (context: FieldContext) => unknown;

export interface TypeFields {
  /** Field names `fields` may select for this type (docs/server-interface.md §Fields by type). */
  allowed: readonly string[];
  /** Fields of a detail GET without `fields`. */
  detailDefaults: readonly string[];
  /** Values of the type-specific fields. */
  getters: Readonly<Record<string, FieldGetter>>;
}

const BASE = ['href', 'id', 'name', 'shortName', 'description', 'division', 'commands', 'connectedController'];
const STATUS = ['statusFlags', 'statusText', 'status', 'notes', 'updates'];

function zoneLink(world: World, links: Links, id: string | undefined) {
  const zone = id ? world.accessZone(id) : undefined;
  return zone ? { name: zone.def.name, href: links.item('access_zones', zone.id) } : undefined;
}

const DOOR: Record<string, FieldGetter> = {
  entryAccessZone: ({ item, world, links }) => (item instanceof LiveDoor ? zoneLink(world, links, item.def.entryAccessZone) : undefined),
  exitAccessZone: ({ item, world, links }) => (item instanceof LiveDoor ? zoneLink(world, links, item.def.exitAccessZone) : undefined),
};

const ACCESS_ZONE: Record<string, FieldGetter> = {
  // The vendor's sample nests this array one level deeper (docs/server-interface.md §Type-specific fields); the simulator sends the plain array.
  doors: ({ item, links }) => (item instanceof LiveAccessZone ? item.doors().map((d) => ({ name: d.name, href: links.item('doors', d.id) })) : undefined),
  zoneCount: ({ item }) => (item instanceof LiveAccessZone ? item.zoneCount : undefined),
};

const FENCE_ZONE: Record<string, FieldGetter> = {
  voltage: ({ item }) => (item instanceof LiveFenceZone ? item.updateExtras().voltage : undefined),
};

/**
 * Fields selectable with `fields`, and the type's own values, by item type (docs/server-interface.md
 * §Fields by type). Detail pages carry every field of the type except statusFlags, which must be asked
 * for (Common item fields). Made once: a search page asks them of every one of its items.
 */
const TYPES: Partial<Record<Collection, TypeFields>> = {
  access_zones: typeFields([...BASE, 'doors', 'zoneCount', ...STATUS], ACCESS_ZONE),
  alarm_zones: typeFields([...BASE, 'statusFlags', 'status', 'notes', 'updates']),
  doors: typeFields([...BASE, 'entryAccessZone', 'exitAccessZone', ...STATUS], DOOR),
  fence_zones: typeFields([...BASE, 'voltage', ...STATUS], FENCE_ZONE),
  inputs: typeFields([...BASE, ...STATUS]),
  interlock_groups: typeFields([...BASE, ...STATUS]),
  // cc_rest.yaml OUTPUTFIELDS: the common fields of an item with status, nothing of its own.
  outputs: typeFields([...BASE, ...STATUS]),
  macros: typeFields(['href', 'id', 'name', 'description', 'division', 'commands', 'notes', 'updates']),
};

function typeFields(allowed: string[], getters: Record<string, FieldGetter> = {}): TypeFields {
  return { allowed, detailDefaults: allowed.filter((f) => f !== 'statusFlags'), getters };
}

/** The type-specific fields of an item type with status. */
export function typeFieldsOf(item: LiveItem): TypeFields {
  const fields = TYPES[item.collection];
  if (!fields) throw new Error(`No field table for ${item.collection}`);
  return fields;
}
