import type { Operator } from '../auth/operator';
import type { LiveItem } from '../model/live-item';
import { statusLineOf, statusTextOf } from '../model/status-text';
import type { World } from '../model/world';
import { commandMap } from './commands';
import { selectedNames, type FieldRequest } from './fields';
import type { Links } from './links';
import { typeFieldsOf, type FieldContext, type FieldGetter, type TypeFields } from './type-fields';

export type View = 'summary' | 'detail';

const statusText = ({ item }: FieldContext) => statusTextOf(item.pageFlags(), item.statusWords());

/**
 * Fields every item type with status carries (Common item fields), read from the item when selected.
 * Defined once, not per item: a page of 1,000 items made some 16,000 closures.
 */
const COMMON: Record<string, FieldGetter> = {
  href: ({ item, links }) => links.item(item.collection, item.id),
  id: ({ item }) => item.id,
  name: ({ item }) => item.def.name,
  shortName: ({ item }) => item.def.shortName,
  description: ({ item }) => item.def.description,
  division: ({ item, links }) => (item.def.division ? links.divisionRef(item.def.division) : undefined),
  commands: ({ item, world, links, operator }) => (world.hasLicence('RESTOverrides') ? commandMap(item, world, links, operator) : undefined),
  connectedController: ({ item, world, links }) => {
    if (!item.def.controller || world.version.before('8.30')) return undefined;
    const controller = world.controller(item.def.controller);
    return controller ? { name: controller.name, href: links.controller(controller.id), id: controller.id } : undefined;
  },
  statusFlags: ({ item }) => item.pageFlags(),
  statusText,
  status: (context) => statusLineOf(statusText(context)),
  notes: ({ item }) => item.def.notes,
  updates: ({ item, links }) => ({ href: links.updates(item.collection, item.id) }),
};

/** Each type's getters after the common ones (the order fields are sent in), made once per type. */
const GETTERS = new WeakMap<TypeFields, Readonly<Record<string, FieldGetter>>>();

function gettersOf(type: TypeFields): Readonly<Record<string, FieldGetter>> {
  let getters = GETTERS.get(type);
  if (!getters) GETTERS.set(type, (getters = { ...COMMON, ...type.getters }));
  return getters;
}

/** Fields a client holding only RESTOverrides may see from 8.60: enough to find an item and override it. */
const OVERRIDES_ONLY_FIELDS = ['href', 'id', 'name', 'description', 'division', 'commands'];

/** The field names one request's items carry, by type and view: worked out once per page, not once per item. */
const NAMES = new WeakMap<FieldRequest, Map<string, string[]>>();

function namesFor(item: LiveItem, type: TypeFields, view: View, fields: FieldRequest | undefined, world: World): string[] {
  const key = `${item.collection}/${view}`;
  const known = fields && NAMES.get(fields)?.get(key);
  if (known) return known;
  const getters = gettersOf(type);
  const allowed = type.allowed.filter((f) => f in getters);
  const permitted = world.hasLicence('RESTStatus') ? allowed : allowed.filter((f) => OVERRIDES_ONLY_FIELDS.includes(f));
  const defaults = view === 'summary' ? ['href', 'id', 'name'] : type.detailDefaults;
  const names = selectedNames(Object.keys(getters), defaults, fields, world.version, permitted);
  if (fields) NAMES.set(fields, (NAMES.get(fields) ?? new Map<string, string[]>()).set(key, names));
  return names;
}

/** The JSON of one item for a search page or a detail GET, honouring `fields` and the licences. */
export function represent(
  item: LiveItem,
  view: View,
  fields: FieldRequest | undefined,
  world: World,
  links: Links,
  operator: Operator,
): Record<string, unknown> {
  const type = typeFieldsOf(item);
  const getters = gettersOf(type);
  const context: FieldContext = { item, world, links, operator };
  const out: Record<string, unknown> = {};
  for (const name of namesFor(item, type, view, fields, world)) {
    const value = getters[name]!(context);
    if (value !== undefined) out[name] = value;
  }
  return out;
}
