import type { Operator } from '../auth/operator';
import type { Exchange } from '../http/exchange';
import type { World } from '../model/world';
import type { Links } from './links';
import { represent } from './representation';
import { searchPage } from './search';

/**
 * update_cardholder_location (8.20+): the access zones the operator may move cardholders into
 * ('Manage Cardholder Location'), plus `outsideOfSystem`, the special target that removes a
 * cardholder from every zone. Needs RESTCardholders; empty results mean no such privilege anywhere.
 */
export function serveCardholderLocationZones(exchange: Exchange, world: World, links: Links, operator: Operator): void {
  if (world.version.before('8.20')) return exchange.error(404, 'Not found');
  if (exchange.method !== 'GET') return exchange.error(405, 'Method not allowed');
  if (!world.hasLicence('RESTCardholders')) return exchange.error(403, 'The site is not licensed for RESTCardholders');
  const zones = [...world.collection('access_zones').values()].filter((z) =>
    operator.can(['Manage Cardholder Location'], z.def.division),
  );
  const page = searchPage(exchange, world, operator, 'access_zones', zones, links, { divisionFilters: true, skipViewCheck: true });
  const results = page.results.map((z) => represent(z, 'summary', page.fields, world, links, operator));
  const body: Record<string, unknown> = { results, outsideOfSystem: { href: links.href('/api/access_zones/outside_of_system') } };
  if (page.nextHref) body.next = { href: page.nextHref };
  exchange.json(200, body);
}
