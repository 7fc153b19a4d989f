import type { Operator } from '../auth/operator';
import type { CardStore } from '../cardholders/card-store';
import type { Exchange } from '../http/exchange';
import type { World } from '../model/world';
import { parseFields } from './fields';
import type { Links } from './links';
import { searchPage } from './search';
import { DETAIL_DEFAULTS, SEARCH_DEFAULTS, representVisit } from './visit-representation';
import { createVisit, notifyHost, patchVisit, setVisitorStatus } from './visit-writes';
import { VIEW_VISITS, VISITOR_STATES_SINCE, VISITS_SINCE, visitsLicenceRefusal, type PeopleContext } from './visit-rules';

export interface VisitsContext extends PeopleContext {
  world: World;
  links: Links;
  cards: CardStore;
  operator: Operator;
}

/**
 * The visits controller (8.50): search and create, a visit's details and changes, and from 8.90 each
 * visitor's state and the two host notifications. Needs RESTCardholders and VisitorManagement.
 * Visits the operator may not see are left out of a search and 404 on their own hrefs.
 */
export async function serveVisits(exchange: Exchange, ctx: VisitsContext, rest: string[]): Promise<void> {
  const { world, operator, book } = ctx;
  if (world.version.before(VISITS_SINCE)) return exchange.error(404, 'Not found');
  const refusal = visitsLicenceRefusal(world);
  if (refusal) return exchange.error(403, refusal);
  const m = exchange.method;
  if (rest.length === 0) {
    if (m === 'GET') return searchVisits(exchange, ctx);
    if (m === 'POST') return createVisit(exchange, ctx);
    return exchange.error(405, 'Method not allowed');
  }
  const visit = book.visits.get(rest[0]!);
  if (!visit || !operator.can(VIEW_VISITS, visit.division)) return exchange.error(404, 'Not found');
  if (rest.length === 1) {
    if (m === 'GET') return exchange.json(200, representVisit(visit, DETAIL_DEFAULTS, parseFields(exchange.url.searchParams.get('fields')), ctx));
    if (m === 'PATCH') return patchVisit(exchange, ctx, visit);
    return exchange.error(405, 'Method not allowed');
  }
  if (rest[1] !== 'visitors' || rest.length > 4 || world.version.before(VISITOR_STATES_SINCE)) return exchange.error(404, 'Not found');
  const visitor = visit.visitors.find((v) => v.cardholderId === rest[2]);
  if (!visitor) return exchange.error(404, 'Not found');
  if (rest.length === 3) {
    if (m !== 'PATCH') return exchange.error(405, 'Method not allowed');
    return setVisitorStatus(exchange, ctx, visit, visitor);
  }
  const kind = rest[3] === 'notify_signing_in' ? 'signingIn' : rest[3] === 'notify_onsite' ? 'onSite' : undefined;
  if (!kind) return exchange.error(404, 'Not found');
  if (m !== 'POST') return exchange.error(405, 'Method not allowed');
  return notifyHost(exchange, ctx, visit, visitor, kind);
}

function searchVisits(exchange: Exchange, ctx: VisitsContext): void {
  const { world, links, operator, book } = ctx;
  const visible = [...book.visits.values()].filter((v) => operator.can(VIEW_VISITS, v.division));
  const page = searchPage(exchange, world, operator, 'access_zones', visible.map((v) => ({ def: v, visit: v })), links, {
    divisionFilters: true,
    skipViewCheck: true,
  });
  const results = page.results.map((r) => representVisit(r.visit, SEARCH_DEFAULTS, page.fields, ctx));
  exchange.json(200, page.nextHref ? { results, next: { href: page.nextHref } } : { results });
}
