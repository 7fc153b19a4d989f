import { authenticate } from '../auth/authenticate';
import type { FailureFlood } from '../auth/failure-flood';
import type { Operator } from '../auth/operator';
import type { RestClientItem } from '../auth/rest-clients';
import type { Exchange } from '../http/exchange';
import type { Collection } from '../model/live-item';
import type { World } from '../model/world';
import type { CardStore } from '../cardholders/card-store';
import { canView, getLicenceRefusal, VIEW_PRIVILEGES } from './access-rules';
import { serveAlarms } from './alarms';
import { serveCardTypes } from './card-types';
import { serveCardholderLocationZones } from './cardholder-location';
import { serveCardholders } from './cardholders';
import { serveDayCategories } from './day-categories';
import { serveDirectory } from './directory';
import { serveDivisions } from './divisions';
import { serveElevatorGroups } from './elevator-groups';
import { serveEvents } from './events';
import { findCommand } from './commands';
import { discovery } from './discovery';
import { parseFields } from './fields';
import type { Links } from './links';
import { serveOverride } from './overrides';
import { represent } from './representation';
import { searchPage } from './search';
import { serveUpdates } from './updates';
import { serveItemSubscriptions } from './item-subscriptions';
import { serveItems } from './items/items-controller';
import type { SubscriptionRegistry } from '../model/subscriptions';
import { servePersonalData, serveUpdateLocation } from './cardholder-people';
import { visitorManagementBlock } from './division-visitor-management';
import { serveReceptions } from './receptions';
import type { PeopleContext } from './visit-rules';
import { serveVisits } from './visits';

const LIVE_COLLECTIONS = new Set<Collection>(['access_zones', 'alarm_zones', 'doors', 'fence_zones', 'inputs', 'interlock_groups', 'macros', 'outputs']);

export interface RestApiContext {
  world: World;
  links: Links;
  clients: readonly RestClientItem[];
  flood: FailureFlood;
  cards: CardStore;
  updatesTimeoutMs: number;
  subscriptions: SubscriptionRegistry;
  /** Longest an alarm or event updates call waits without news. */
  eventsHoldMs: number;
  /** Visits, receptions and cardholders' whereabouts. */
  people: PeopleContext;
}

/**
 * The REST interface: authenticate, then route by path shape. Every path other than `/api` is one
 * the server handed out in a link; anything else is 404.
 */
export async function handleRest(exchange: Exchange, ctx: RestApiContext): Promise<void> {
  const auth = authenticate(exchange, ctx.world, ctx.clients);
  if ('refusal' in auth) {
    if (auth.answerMessage === undefined) ctx.flood.record(auth.refusal, exchange.remoteAddress);
    const explained: Record<string, string> = auth.answerMessage === undefined ? {} : { 'x-authentication-message': auth.answerMessage };
    return exchange.json(401, { message: 'Authentication failed' }, explained);
  }
  const operator = auth.operator;
  const segments = pathSegments(exchange.url.pathname);
  if (!segments || segments[0] !== 'api') return exchange.error(404, 'Not found');
  if (segments.length === 1) {
    if (exchange.method !== 'GET') return exchange.error(405, 'Method not allowed');
    return exchange.json(200, discovery(ctx.world, ctx.links));
  }
  const [, first, ...rest] = segments as [string, string, ...string[]];
  const { world, links } = ctx;
  switch (first) {
    case 'day_categories':
      return serveDayCategories(exchange, world, links, operator, rest);
    case 'elevator_groups':
      return serveElevatorGroups(exchange, world, links, operator, rest);
    case 'divisions':
      return serveDivisions(exchange, world, links, operator, rest, (id) => visitorManagementBlock(id, world, links, operator, ctx.people.book));
    case 'receptions':
      return serveReceptions(exchange, world, links, operator, ctx.people.book, rest);
    case 'visits':
      return serveVisits(exchange, { ...ctx.people, world, links, cards: ctx.cards, operator }, rest);
    case 'controllers':
      return serveDirectory(exchange, world, links, rest);
    case 'card_types':
      return serveCardTypes(exchange, ctx.cards, world, links, rest);
    case 'cardholders':
      if (rest.length === 3 && rest[1] === 'personal_data' && world.hasLicence('RESTCardholders')) {
        return servePersonalData(exchange, ctx.cards, world, operator, rest[0]!, rest[2]!);
      }
      // A move that the roll call and door passages follow (cardholder-people.ts), not only logged.
      if (rest.length === 2 && rest[1] === 'update_location' && world.hasLicence('RESTCardholders')) {
        return serveUpdateLocation(exchange, ctx.cards, ctx.people, world, links, operator, rest[0]!);
      }
      return serveCardholders(exchange, ctx.cards, world, links, operator, rest, ctx.updatesTimeoutMs, ctx.people);
    case 'alarms':
    case 'events': {
      const events = { world, links, operator, holdMs: ctx.eventsHoldMs };
      if (first === 'events') return serveEvents(exchange, events, rest);
      return serveAlarms(exchange, { ...events, operatorName: ctx.cards.displayName(operator.cardholderId) ?? operator.cardholderId }, rest);
    }
    case 'items':
      return rest[0] === 'updates'
        ? serveItemSubscriptions(exchange, ctx, operator, rest)
        : serveItems(exchange, world, links, operator, rest);
  }
  if (first === 'access_zones' && rest.length === 1 && rest[0] === 'update_cardholder_location') {
    return serveCardholderLocationZones(exchange, world, links, operator);
  }
  const collection = first as Collection;
  if (!LIVE_COLLECTIONS.has(collection)) return exchange.error(404, 'Not found');
  // Inputs arrived in 8.10.
  if (collection === 'inputs' && world.version.before('8.10')) return exchange.error(404, 'Not found');
  return handleLiveCollection(exchange, ctx, operator, collection, rest);
}

/** Decoded path segments, or undefined when the path is not validly percent-encoded. */
function pathSegments(pathname: string): string[] | undefined {
  try {
    return pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined;
  }
}

async function handleLiveCollection(
  exchange: Exchange,
  ctx: RestApiContext,
  operator: Operator,
  collection: Collection,
  rest: string[],
): Promise<void> {
  const { world, links } = ctx;
  const items = world.collection(collection);
  const isGet = exchange.method === 'GET';

  if (isGet) {
    const refusal = getLicenceRefusal(world, collection);
    if (refusal) return exchange.error(403, refusal);
  }

  if (rest.length === 0) {
    if (!isGet) return exchange.error(405, 'Method not allowed');
    const page = searchPage(exchange, world, operator, collection, [...items.values()], links);
    const results = page.results.map((item) => represent(item, 'summary', page.fields, world, links, operator));
    return exchange.json(200, page.nextHref ? { results, next: { href: page.nextHref } } : { results });
  }

  const item = items.get(rest[0]!);
  if (!item) return exchange.error(404, 'Not found');
  if (!canView(operator, collection, item.def.division)) {
    // No viewing privilege for this kind of item anywhere: 403; only not in this item's division: 404.
    return operator.canAnywhere(VIEW_PRIVILEGES[collection])
      ? exchange.error(404, 'Not found')
      : exchange.error(403, `The operator lacks the privilege to view ${collection.replace(/_/g, ' ')}`);
  }

  if (rest.length === 1) {
    if (!isGet) return exchange.error(405, 'Method not allowed');
    const fields = parseFields(exchange.url.searchParams.get('fields'));
    return exchange.json(200, represent(item, 'detail', fields, world, links, operator));
  }
  if (rest.length === 2 && rest[1] === 'updates') {
    if (!isGet) return exchange.error(405, 'Method not allowed');
    return serveUpdates(exchange, item, world, links, ctx.updatesTimeoutMs);
  }
  if (rest.length === 2 && exchange.method === 'POST') {
    const command = findCommand(item, world, operator, rest[1]!);
    if (!command) return exchange.error(404, 'Not found');
    return serveOverride(exchange, item, command, world, operator, (id) => ctx.cards.cardholders.get(id)?.division);
  }
  return exchange.error(404, 'Not found');
}
