import type { Operator } from '../auth/operator';
import type { Exchange } from '../http/exchange';
import type { World } from '../model/world';
import { parseFields, selectFields, type FieldRequest } from './fields';
import type { Links } from './links';
import { VIEW_EVENTS } from './alarm-representation';
import { searchPage } from './search';

/** The vendor's division fields; `description` (8.50) only when asked for with `fields`. */
const DEFAULT_FIELDS = ['href', 'id', 'name', 'parent'];

/**
 * The divisions controller. The list (`GET /api/divisions`, linked at `features.divisions.divisions`
 * from 9.30, when the vendor's `/api/divisions` gained its POST) gives the divisions in which the REST
 * operator holds any privilege, paged like every search (`top`, `sort`, `name`, `fields`, `next`).
 * A division's own href answers at every version, as items link to it (docs/server-endpoints.md §Divisions).
 * The events and alarms controllers' lists (`view_events`, `view_alarms`) answer at every version with RESTEvents.
 * Every REST licence enables the controller.
 */
export function serveDivisions(
  exchange: Exchange,
  world: World,
  links: Links,
  operator: Operator,
  rest: string[],
  visitorManagement: (divisionId: string) => unknown = () => undefined,
): void {
  if (!['RESTCardholders', 'RESTStatus', 'RESTOverrides'].some((l) => world.hasLicence(l))) {
    return exchange.error(403, 'The site is not licensed for any REST feature');
  }
  if (exchange.method !== 'GET' || rest.length > 1) return exchange.error(404, 'Not found');
  const fields = parseFields(exchange.url.searchParams.get('fields'));
  const operation = rest.length === 1 && Object.hasOwn(PRIVILEGE_LISTS, rest[0]!) ? PRIVILEGE_LISTS[rest[0]!] : undefined;
  if (operation) {
    // cc_rest.yaml: /api/divisions/_operation_, linked at alarms.divisions and events.divisions (RESTEvents).
    if (!world.hasLicence('RESTEvents')) return exchange.error(404, 'Not found');
    return listDivisions(exchange, world, links, operator, (d) => operator.can(operation, d), visitorManagement);
  }
  if (rest.length === 1) {
    const d = world.divisions.get(rest[0]!);
    if (!d) return exchange.error(404, 'Not found');
    return exchange.json(200, representDivision(d, fields, world, links, visitorManagement));
  }
  if (!divisionListOffered(world)) return exchange.error(404, 'Not found');
  listDivisions(exchange, world, links, operator, (d) => operator.holdsAnyPrivilegeIn(d), visitorManagement);
}

/**
 * The divisions the events and alarms controllers list (cc_rest.yaml: /api/divisions/_operation_,
 * "view_events … the divisions in which the REST operator has privileges to view events"; the
 * `GET /api` example of rest_training.adoc links them at alarms.divisions and events.divisions).
 * Both privileges the simulator's alarms and events calls check let an operator see them.
 */
const PRIVILEGE_LISTS: Record<string, readonly string[]> = {
  view_alarms: VIEW_EVENTS,
  view_events: VIEW_EVENTS,
};

/** One page of the divisions `shown` admits, paged like every search. */
function listDivisions(
  exchange: Exchange,
  world: World,
  links: Links,
  operator: Operator,
  shown: (division: string) => boolean,
  visitorManagement: (divisionId: string) => unknown,
): void {
  const visible = world.divisions.all().filter((d) => shown(d.id));
  const page = searchPage(
    exchange,
    world,
    operator,
    'access_zones', // unused: the view check is the operator's privileges above
    visible.map((d) => ({ def: { id: d.id, name: d.name }, division: d })),
    links,
    { divisionFilters: false, skipViewCheck: true },
  );
  const results = page.results.map((r) => representDivision(r.division, page.fields, world, links, visitorManagement));
  exchange.json(200, page.nextHref ? { results, next: { href: page.nextHref } } : { results });
}

/** The list and its discovery link arrived with 9.30 in the simulator (the vendor names no earlier version). */
export function divisionListOffered(world: World): boolean {
  return world.version.atLeast('9.30');
}

function representDivision(
  d: World['site']['divisions'][number],
  fields: FieldRequest | undefined,
  world: World,
  links: Links,
  visitorManagement: (divisionId: string) => unknown,
): Record<string, unknown> {
  const source = {
    href: () => links.division(d.id),
    id: () => d.id,
    name: () => d.name,
    description: () => (world.version.atLeast('8.50') ? d.description : undefined),
    parent: () => (d.parent ? { href: links.division(d.parent) } : undefined),
    // Only when asked for (cc_rest.yaml: "does not come out by default").
    visitorManagement: () => visitorManagement(d.id),
  };
  return selectFields(source, DEFAULT_FIELDS, fields, world.version);
}
