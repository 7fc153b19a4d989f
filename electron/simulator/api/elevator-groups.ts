import type { Operator } from '../auth/operator';
import type { Exchange } from '../http/exchange';
import type { World } from '../model/world';
import type { ElevatorGroupDefinition } from '../site/schema';
import { canView, getLicenceRefusal } from './access-rules';
import { parseFields, selectFields, type FieldRequest, type FieldSource } from './fields';
import type { Links } from './links';
import { searchPage } from './search';

const GENERAL_FIELDS = ['href', 'name', 'shortName', 'description', 'division', 'notes', 'elevatorSystem', 'elevatorGroupNumber', 'floorAccess', 'rearAccessEnabled', 'groundFloorNumber'];
const PASSENGER_FIELDS = ['href', 'name', 'description', 'division', 'floorAccess'];

/**
 * Elevator groups: the general search and detail (viewing privileges), and the
 * modify_passenger_details search (RESTCardholders, 'Modify Passenger Details'). No overrides or
 * updates exist for them.
 */
export function serveElevatorGroups(exchange: Exchange, world: World, links: Links, operator: Operator, rest: string[]): void {
  if (exchange.method !== 'GET') return exchange.error(405, 'Method not allowed');
  const groups = world.site.elevatorGroups.map((def) => ({ def }));

  if (rest.length === 1 && rest[0] === 'modify_passenger_details') {
    if (!world.hasLicence('RESTCardholders')) return exchange.error(403, 'The site is not licensed for RESTCardholders');
    const allowed = groups.filter((g) => operator.can(['Modify Passenger Details'], g.def.division));
    // The search's own privilege check is replaced by 'Modify Passenger Details' above.
    const page = searchPage(exchange, world, operator, 'elevator_groups', allowed, links, { divisionFilters: true, skipViewCheck: true });
    const results = page.results.map((g) =>
      selectFields(source(g.def, world, links), PASSENGER_FIELDS, page.fields, world.version, PASSENGER_FIELDS),
    );
    return exchange.json(200, page.nextHref ? { results, next: { href: page.nextHref } } : { results });
  }

  const refusal = getLicenceRefusal(world, 'elevator_groups');
  if (refusal) return exchange.error(403, refusal);
  if (rest.length === 0) {
    const page = searchPage(exchange, world, operator, 'elevator_groups', groups, links);
    const results = page.results.map((g) => represent(g.def, page.fields, ['href', 'name'], world, links));
    return exchange.json(200, page.nextHref ? { results, next: { href: page.nextHref } } : { results });
  }
  const group = rest.length === 1 ? world.site.elevatorGroups.find((g) => g.id === rest[0]) : undefined;
  if (!group || !canView(operator, 'elevator_groups', group.division)) return exchange.error(404, 'Not found');
  exchange.json(200, represent(group, parseFields(exchange.url.searchParams.get('fields')), GENERAL_FIELDS, world, links));
}

function represent(
  def: ElevatorGroupDefinition,
  fields: FieldRequest | undefined,
  defaults: string[],
  world: World,
  links: Links,
): Record<string, unknown> {
  return selectFields(source(def, world, links), defaults, fields, world.version, GENERAL_FIELDS);
}

function source(def: ElevatorGroupDefinition, world: World, links: Links): FieldSource {
  const zone = (id: string | undefined) => {
    const z = id ? world.accessZone(id) : undefined;
    return z ? { id: z.id, name: z.def.name, href: links.item('access_zones', z.id) } : undefined;
  };
  return {
    href: () => links.item('elevator_groups', def.id),
    name: () => def.name,
    shortName: () => def.shortName,
    description: () => def.description,
    division: () => links.divisionRef(def.division),
    notes: () => def.notes,
    elevatorSystem: () => ({ id: def.elevatorSystem }),
    elevatorGroupNumber: () => def.elevatorGroupNumber,
    floorAccess: () =>
      def.floors.map((f) => ({
        floorNumber: f.floorNumber,
        frontService: f.frontService,
        rearService: f.rearService,
        floorName: f.floorName,
        frontAccessZone: zone(f.frontAccessZone),
        rearAccessZone: zone(f.rearAccessZone),
      })),
    rearAccessEnabled: () => def.rearAccessEnabled,
    groundFloorNumber: () => def.groundFloorNumber,
  };
}
