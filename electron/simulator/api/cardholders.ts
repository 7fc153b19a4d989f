import type { Operator } from '../auth/operator';
import { readJsonObject } from '../http/json-body';
import type { CardStore, StoredCard, StoredCardholder } from '../cardholders/card-store';
import { formatFascn, PivRejection } from '../cardholders/piv-data';
import type { Exchange } from '../http/exchange';
import type { World } from '../model/world';
import { cardholderDetailFields, serveCardholderLink } from './cardholder-detail';
import { VIEW_CARDHOLDERS, searchCardholders } from './cardholder-search';
import { parseFields, type FieldRequest } from './fields';
import type { Links } from './links';
import { peopleDetailFields, proximityCardBlocks } from './cardholder-people';
import type { PeopleContext } from './visit-rules';
import { EDIT_CARDHOLDERS, issuedCardBlocks, newPivCard, patchCardholder } from './cardholder-cards';

const VIEW = VIEW_CARDHOLDERS;
const EDIT = EDIT_CARDHOLDERS;
const CREATE = ['Create Cardholders'];
const CERT_FIELDS = ['contentSigningCert', 'cardAuthenticationCert', 'pivAuthenticationCert', 'fingerprints'] as const;

/**
 * The cardholder calls: search (cardholder-search.ts), and the PIV calls (Endpoints: PIV cards): POST a cardholder with PIV cards (201 with
 * `location`), GET it (certificates only when asked for), PATCH its cards (add, update, remove),
 * DELETE a card; GET of a card href is 404. Rejected PIV payloads are answered 400 (not shown).
 */
export async function serveCardholders(
  exchange: Exchange,
  store: CardStore,
  world: World,
  links: Links,
  operator: Operator,
  rest: string[],
  holdMs = 30_000,
  people?: PeopleContext,
): Promise<void> {
  if (!world.hasLicence('RESTCardholders')) return exchange.error(403, 'The site is not licensed for RESTCardholders');
  const m = exchange.method;
  if (rest.length === 0) {
    if (m === 'GET') return searchCardholders(exchange, store, world, links, operator, people);
    if (m !== 'POST') return exchange.error(405, 'Method not allowed');
    return create(exchange, store, world, links, operator);
  }
  const holder = store.cardholders.get(rest[0]!);
  const visible = holder !== undefined && operator.can(VIEW, holder.division);
  if (rest.length === 3 && rest[1] === 'cards') {
    const card = visible ? (holder.cards.find((c) => c.id === rest[2]) ?? holder.issued?.find((c) => c.id === rest[2])) : undefined;
    if (!holder || !card || m !== 'DELETE') return exchange.error(404, 'Not found');
    if (!operator.can(EDIT, holder.division)) return exchange.error(403, "The operator lacks the 'Edit Cardholders' privilege");
    holder.cards = holder.cards.filter((c) => c !== card);
    if (holder.issued) holder.issued = holder.issued.filter((c) => c !== card);
    world.events.add({ type: 'cardholder', action: 'card deleted', cardholderId: holder.id, operator: operator.cardholderId });
    return exchange.empty(204);
  }
  if (rest.length === 2 && visible) {
    const detail = () => representCardholder(holder, undefined, store, world, links);
    if (await serveCardholderLink(exchange, holder, rest[1]!, { world, links, operator, detail, holdMs })) return;
  }
  if (rest.length !== 1) return exchange.error(404, 'Not found');
  if (!visible) {
    return operator.canAnywhere(VIEW)
      ? exchange.error(404, 'Not found')
      : exchange.error(403, 'The operator lacks the privilege to view cardholders');
  }
  if (m === 'GET') {
    const detail = representCardholder(holder, parseFields(exchange.url.searchParams.get('fields')), store, world, links);
    if (!people) return exchange.json(200, detail);
    const cards = [...(detail.cards as unknown[]), ...proximityCardBlocks(holder, people, store, links)];
    return exchange.json(200, { ...detail, ...peopleDetailFields(holder, people, world, links), cards });
  }
  if (m === 'PATCH') return patchCardholder(exchange, holder, store, world, links, operator, people?.proximityCards);
  return exchange.error(405, 'Method not allowed');
}


async function create(exchange: Exchange, store: CardStore, world: World, links: Links, operator: Operator): Promise<void> {
  const body = await readJsonObject(exchange);
  if (!body) return;
  const divisionHref = (body.division as { href?: unknown } | undefined)?.href;
  const divisionId = typeof divisionHref === 'string' ? idFromHref(divisionHref, links.href('/api/divisions/')) : undefined;
  if (!divisionId || !world.divisions.has(divisionId)) return exchange.error(400, 'division.href must be the href of a division');
  if (typeof body.firstName !== 'string' && typeof body.lastName !== 'string') {
    return exchange.error(400, 'At least one of firstName and lastName is required');
  }
  if (!operator.can(CREATE, divisionId)) return exchange.error(403, "The operator lacks the 'Create Cardholders' privilege");
  const cardsIn = body.cards ?? [];
  if (!Array.isArray(cardsIn)) return exchange.error(400, 'cards must be an array');
  if (cardsIn.length > 0 && !world.hasLicence('PIV')) return exchange.error(403, 'The site is not licensed for PIV cards');
  let cards: StoredCard[];
  try {
    cards = cardsIn.map((c) => newPivCard(c, store, world, links));
  } catch (err) {
    if (err instanceof PivRejection) return exchange.error(400, err.message);
    throw err;
  }
  const holder: StoredCardholder = {
    id: store.newId(),
    ...(typeof body.firstName === 'string' ? { firstName: body.firstName } : {}),
    ...(typeof body.lastName === 'string' ? { lastName: body.lastName } : {}),
    // cc_rest.yaml: `authorised` is false unless the POST sets it.
    authorised: body.authorised === true,
    division: divisionId,
    cards,
  };
  store.cardholders.set(holder.id, holder);
  world.events.add({ type: 'cardholder', action: 'created', cardholderId: holder.id, operator: operator.cardholderId });
  exchange.empty(201, { location: links.cardholder(holder.id) });
}

function representCardholder(
  holder: StoredCardholder,
  fields: FieldRequest | undefined,
  store: CardStore,
  world: World,
  links: Links,
): Record<string, unknown> {
  const names = fields?.names ?? new Set<string>();
  // Certificates and fingerprints only when asked for, and only from 8.10.
  const wantsCert = (f: string) =>
    world.version.atLeast('8.10') && (names.has('cards.pivData') || names.has(`cards.pivData.${f}`));
  const card = (c: StoredCard) => {
    const { chuid, pivStatus, lastCheckTime } = c.pivData;
    const pivData: Record<string, unknown> = { chuid, pivStatus, lastCheckTime };
    for (const f of CERT_FIELDS) if (wantsCert(f) && c.pivData[f] !== undefined) pivData[f] = c.pivData[f];
    return {
      href: links.href(`/api/cardholders/${holder.id}/cards/${c.id}`),
      number: formatFascn(c.number),
      issueLevel: c.issueLevel,
      type: { href: links.href(`/api/card_types/${c.typeId}`), name: store.pivType.name },
      status: c.status,
      pivData,
    };
  };
  return {
    href: links.cardholder(holder.id),
    id: holder.id,
    ...(holder.firstName !== undefined ? { firstName: holder.firstName } : {}),
    ...(holder.lastName !== undefined ? { lastName: holder.lastName } : {}),
    division: links.divisionRef(holder.division),
    cards: [...holder.cards.map(card), ...issuedCardBlocks(holder, store, world, links)],
    ...cardholderDetailFields(holder, world, links),
  };
}

function idFromHref(href: string, prefix: string): string | undefined {
  return href.startsWith(prefix) ? decodeURIComponent(href.slice(prefix.length)) : undefined;
}
