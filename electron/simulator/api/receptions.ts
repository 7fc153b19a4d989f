import type { Operator } from '../auth/operator';
import type { Exchange } from '../http/exchange';
import type { World } from '../model/world';
import type { VisitBook } from '../visits/visit-book';
import { parseFields, selectFields, type FieldRequest } from './fields';
import type { Links } from './links';
import { searchPage } from './search';
import { VIEW_RECEPTIONS, VISITS_SINCE, visitorTypeBlock } from './visit-rules';

/** cc_rest.yaml Reception: a search gives href and name; a reception's own href adds its division. */
const SEARCH_DEFAULTS = ['href', 'name'];
const DETAIL_DEFAULTS = ['href', 'name', 'division'];

/**
 * The receptions controller (8.50, read-only): the places visitors arrive, each with its division and
 * the visitor type the vendor's own clients offer first. RESTCardholders is the licence it names;
 * receptions the operator may not see are left out of a search and 404 on their own href.
 */
export function serveReceptions(exchange: Exchange, world: World, links: Links, operator: Operator, book: VisitBook, rest: string[]): void {
  if (world.version.before(VISITS_SINCE)) return exchange.error(404, 'Not found');
  if (rest.length > 1) return exchange.error(404, 'Not found');
  if (exchange.method !== 'GET') return exchange.error(405, 'Method not allowed');
  if (!world.hasLicence('RESTCardholders')) return exchange.error(403, 'The site is not licensed for RESTCardholders');
  const visible = [...book.receptions.values()].filter((r) => operator.can(VIEW_RECEPTIONS, r.division));
  if (rest.length === 1) {
    const reception = visible.find((r) => r.id === rest[0]);
    if (!reception) return exchange.error(404, 'Not found');
    return exchange.json(200, represent(reception, DETAIL_DEFAULTS, parseFields(exchange.url.searchParams.get('fields')), world, links, book));
  }
  const page = searchPage(exchange, world, operator, 'access_zones', visible.map((r) => ({ def: r, reception: r })), links, {
    divisionFilters: true,
    skipViewCheck: true,
  });
  const results = page.results.map((r) => represent(r.reception, SEARCH_DEFAULTS, page.fields, world, links, book));
  exchange.json(200, page.nextHref ? { results, next: { href: page.nextHref } } : { results });
}

function represent(
  reception: VisitBook['receptions'] extends Map<string, infer R> ? R : never,
  defaults: readonly string[],
  fields: FieldRequest | undefined,
  world: World,
  links: Links,
  book: VisitBook,
): Record<string, unknown> {
  const source = {
    href: () => links.href(`/api/receptions/${encodeURIComponent(reception.id)}`),
    name: () => reception.name,
    description: () => reception.description,
    division: () => ({ href: links.division(reception.division) }),
    defaultVisitorType: () =>
      reception.defaultVisitorType === undefined ? undefined : visitorTypeBlock(book, links, reception.defaultVisitorType),
    notes: () => reception.notes,
  };
  return selectFields(source, defaults, fields, world.version);
}
