import type { CardStore } from '../cardholders/card-store';
import type { Exchange } from '../http/exchange';
import type { World } from '../model/world';
import { parseFields } from './fields';
import type { Links } from './links';

/**
 * The card-type list: `/api/card_types` (8.00 and earlier, still there in 8.10 and later) and
 * `/api/card_types/assign` (8.10 and later). availableCardStates only when asked for with fields.
 */
export function serveCardTypes(exchange: Exchange, cards: CardStore, world: World, links: Links, rest: string[]): void {
  if (exchange.method !== 'GET') return exchange.error(405, 'Method not allowed');
  if (!world.hasLicence('RESTCardholders')) return exchange.error(403, 'The site is not licensed for RESTCardholders');
  const assign = rest.length === 1 && rest[0] === 'assign';
  if (!(rest.length === 0 || (assign && world.version.atLeast('8.10')))) return exchange.error(404, 'Not found');
  const fields = parseFields(exchange.url.searchParams.get('fields'));
  const withStates = fields?.names.has('availableCardStates') ?? false;
  const results = cards.cardTypes.map((t) => ({
    href: links.href(`/api/card_types/${t.id}`),
    name: t.name,
    credentialClass: t.credentialClass,
    ...(withStates ? { availableCardStates: t.availableCardStates } : {}),
  }));
  exchange.json(200, { results });
}
