import type { Operator } from '../../auth/operator';
import type { Exchange } from '../../http/exchange';
import type { Collection, ItemDefinition } from '../../model/live-item';
import type { World } from '../../model/world';
import { canView, hasAnyRestLicence } from '../access-rules';
import { parseFields, selectFields, type FieldRequest } from '../fields';
import type { Links } from '../links';
import { searchPage } from '../search';
import { ITEM_TYPES, itemTypeOf, typeBlock, type ItemType } from './item-types';

/** An item as the items controller sees it: any kind, only the fields common to every kind. */
interface AnyItem {
  def: ItemDefinition;
  type: ItemType;
}

const SUMMARY_FIELDS = ['href', 'id', 'name', 'type'];
const DETAIL_FIELDS = [...SUMMARY_FIELDS, 'division'];

/**
 * The items controller (cc_rest.yaml: Items): `GET /api/items` searches items of every kind the
 * operator may view (name, division, directDivision, type, top, sort, fields, paging);
 * `GET /api/items/{id}` (8.40 and later) gives one with its division; `GET /api/items/types` lists
 * the item types. Any REST licence will do; without one, 403. `rest` is the path after `/api/items`
 * (the updates subscription is served elsewhere).
 */
export function serveItems(exchange: Exchange, world: World, links: Links, operator: Operator, rest: string[]): void {
  if (exchange.method !== 'GET') return exchange.error(405, 'Method not allowed');
  if (!hasAnyRestLicence(world)) return exchange.error(403, 'The site is not licensed for REST');
  const canonical = world.version.atLeast('9.00');
  if (rest.length === 1 && rest[0] === 'types') {
    return exchange.json(200, { itemTypes: ITEM_TYPES.map((t) => typeBlock(t, canonical)) });
  }
  const items = viewableItems(world, operator);
  if (rest.length === 0) {
    const typeIds = typeFilter(exchange.url.searchParams.get('type'), world);
    const candidates = typeIds ? items.filter((i) => typeIds.has(i.type.id)) : items;
    // The item search's sorts and filters are the common ones; the privilege check is done above.
    const page = searchPage(exchange, world, operator, 'doors', candidates, links, { divisionFilters: true, skipViewCheck: true, keepOrderUnsorted: true });
    const results = page.results.map((i) => represent(i, SUMMARY_FIELDS, page.fields, world, links));
    return exchange.json(200, page.nextHref ? { results, next: { href: page.nextHref } } : { results });
  }
  if (rest.length !== 1 || world.version.before('8.40')) return exchange.error(404, 'Not found');
  const found = items.find((i) => i.def.id === rest[0]) ?? serverItem(world, operator, rest[0]!);
  // Not an item, or not one this operator may view: the same 404 (cc_rest.yaml: /api/items/{id} 404).
  if (!found) return exchange.error(404, 'Not found');
  exchange.json(200, represent(found, DETAIL_FIELDS, parseFields(exchange.url.searchParams.get('fields')), world, links));
}

/** Every item of a kind the simulator holds, that this operator has a viewing privilege for in its division. */
function viewableItems(world: World, operator: Operator): AnyItem[] {
  const out: AnyItem[] = [];
  for (const [collection, items] of world.items) {
    const type = itemTypeOf(collection);
    if (!type) continue;
    for (const item of items.values()) {
      if (canView(operator, collection, item.def.division)) out.push({ def: item.def, type });
    }
  }
  const elevatorGroup = itemTypeOf('elevator_groups' satisfies Collection)!;
  for (const def of world.site.elevatorGroups) {
    if (canView(operator, 'elevator_groups', def.division)) out.push({ def, type: elevatorGroup });
  }
  return out.sort((a, b) => compareIds(a.def.id, b.def.id));
}

/**
 * The server item, which alarms and events it raises itself name as their source: its href is the
 * items controller's, so a client following an alarm's `source.href` finds it. Not in the search,
 * which lists the item kinds the board shows.
 */
function serverItem(world: World, operator: Operator, id: string): AnyItem | undefined {
  const server = world.site.server;
  const division = server.division ?? world.rootDivision;
  if (id !== server.id || !operator.holdsAnyPrivilegeIn(division)) return undefined;
  const type = ITEM_TYPES.find((t) => t.canonicalTypeName === 'server')!;
  return { def: { id: server.id, name: server.name, division } as ItemDefinition, type };
}

/**
 * The `type` filter: one type id up to 8.30, a comma-separated list from 8.40. Unknown ids are
 * ignored, and when none is known the filter is dropped, as the vendor says its servers do
 * (cc_rest.yaml: /api/items `type`, "This is a bug").
 */
function typeFilter(param: string | null, world: World): Set<string> | undefined {
  if (param === null) return undefined;
  const asked = world.version.atLeast('8.40') ? param.split(',').map((s) => s.trim()) : [param.trim()];
  const known = new Set(asked.filter((id) => ITEM_TYPES.some((t) => t.id === id)));
  return known.size > 0 ? known : undefined;
}

function represent(item: AnyItem, defaults: string[], fields: FieldRequest | undefined, world: World, links: Links) {
  const { def } = item;
  return selectFields(
    {
      href: () => links.href(`/api/items/${encodeURIComponent(def.id)}`),
      id: () => def.id,
      name: () => def.name,
      type: () => typeBlock(item.type, world.version.atLeast('9.00')),
      division: () => (def.division ? links.divisionRef(def.division) : undefined),
      notes: () => def.notes,
    },
    defaults,
    fields,
    world.version,
  );
}

/** Items are in id order unless `sort` says otherwise (cc_rest.yaml: /api/items); ids compare as numbers where both are. */
function compareIds(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (Number.isFinite(na) && Number.isFinite(nb) && na !== nb) return na - nb;
  return a < b ? -1 : a > b ? 1 : 0;
}
