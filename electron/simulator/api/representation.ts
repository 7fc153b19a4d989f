import type { Operator } from '../auth/operator';
import type { LiveItem } from '../model/live-item';
import { statusLineOf, statusTextOf } from '../model/status-text';
import type { World } from '../model/world';
import { commandMap } from './commands';
import { selectFields, type FieldRequest, type FieldSource } from './fields';
import type { Links } from './links';
import { typeFieldsOf } from './type-fields';

export type View = 'summary' | 'detail';

/** Fields every item type with status carries (Common item fields). */
function commonSource(item: LiveItem, world: World, links: Links, operator: Operator): FieldSource {
  const def = item.def;
  const text = () => statusTextOf(item.pageFlags(), item.statusWords());
  return {
    href: () => links.item(item.collection, item.id),
    id: () => item.id,
    name: () => def.name,
    shortName: () => def.shortName,
    description: () => def.description,
    division: () => (def.division ? links.divisionRef(def.division) : undefined),
    commands: () => (world.hasLicence('RESTOverrides') ? commandMap(item, world, links, operator) : undefined),
    connectedController: () => {
      if (!def.controller || world.version.before('8.30')) return undefined;
      const controller = world.controller(def.controller);
      return controller ? { name: controller.name, href: links.controller(controller.id), id: controller.id } : undefined;
    },
    statusFlags: () => item.pageFlags(),
    statusText: text,
    status: () => statusLineOf(text()),
    notes: () => def.notes,
    updates: () => ({ href: links.updates(item.collection, item.id) }),
  };
}

/** Fields a client holding only RESTOverrides may see from 8.60: enough to find an item and override it. */
const OVERRIDES_ONLY_FIELDS = ['href', 'id', 'name', 'description', 'division', 'commands'];

/** The JSON of one item for a search page or a detail GET, honouring `fields` and the licences. */
export function represent(
  item: LiveItem,
  view: View,
  fields: FieldRequest | undefined,
  world: World,
  links: Links,
  operator: Operator,
): Record<string, unknown> {
  const typeFields = typeFieldsOf(item, world, links);
  const source: FieldSource = { ...commonSource(item, world, links, operator), ...typeFields.source };
  const allowed = typeFields.allowed.filter((f) => f in source);
  const permitted = world.hasLicence('RESTStatus') ? allowed : allowed.filter((f) => OVERRIDES_ONLY_FIELDS.includes(f));
  const defaults = view === 'summary' ? ['href', 'id', 'name'] : typeFields.detailDefaults;
  return selectFields(source, defaults, fields, world.version, permitted);
}
