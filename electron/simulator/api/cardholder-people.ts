import type { Operator } from '../auth/operator';
import type { CardStore, StoredCardholder } from '../cardholders/card-store';
import { formatFascn } from '../cardholders/piv-data';
import { portraitPng } from '../cardholders/portrait';
import type { Exchange } from '../http/exchange';
import type { World } from '../model/world';
import { issuedCardBlocks } from './cardholder-cards';
import { VIEW_CARDHOLDERS } from './cardholder-search';
import type { FieldRequest } from './fields';
import type { Links } from './links';
import { idAfter, type PeopleContext } from './visit-rules';

/** The site's one image personal data field (cc_rest.yaml CardholderDetail.personalDataDefinitions: `@Photo`). */
export const PHOTO_FIELD = { id: '2369', name: 'Photo' } as const;

export function hasPhoto(world: World, cardholderId: string): boolean {
  const photos = world.site.cardholderPhotos;
  return photos === 'all' || photos.includes(cardholderId);
}

/**
 * The cardholder detail's fields this module owns: the photo as an image personal data field (its value
 * an href to the image) and the last successful access (cc_rest.yaml CardholderDetail:
 * `lastSuccessfulAccessTime`, `lastSuccessfulAccessZone`, which names a visitor's reception without an
 * href when their last movement was leaving the site).
 */
export function peopleDetailFields(holder: StoredCardholder, people: PeopleContext, world: World, links: Links): Record<string, unknown> {
  // cc_rest.yaml CardholderDetail.updateLocation (8.20): where to POST a move.
  const move = world.version.atLeast('8.20') ? { updateLocation: { href: `${links.cardholder(holder.id)}/update_location` } } : {};
  const groups = accessGroupsOf(holder, people, links);
  return { ...locationFields(holder, people, world, links), ...photoFields(holder, world, links), ...move, ...(groups.length > 0 ? { accessGroups: groups } : {}) };
}

/** The cardholder's ordinary access card (cc_rest.yaml CardholderCard), to go beside their PIV cards. */
export function proximityCardBlocks(holder: StoredCardholder, people: PeopleContext, store: CardStore, links: Links): Record<string, unknown>[] {
  const card = people.proximityCards.get(holder.id);
  const type = store.cardTypes.find((t) => t.credentialClass === 'card');
  if (!card || !type) return [];
  return [{
    href: `${links.cardholder(holder.id)}/cards/${card.id}`,
    number: card.number,
    issueLevel: 1,
    status: card.status,
    type: { href: links.href(`/api/card_types/${type.id}`), name: type.name },
    from: new Date(card.from).toISOString(),
    until: new Date(card.until).toISOString(),
  }];
}

/** cc_rest.yaml CardholderDetail.accessGroups: the groups the cardholder is a member of. */
function accessGroupsOf(holder: StoredCardholder, people: PeopleContext, links: Links): Record<string, unknown>[] {
  return [...people.book.accessGroups.values()]
    .filter((g) => g.members.includes(holder.id))
    .map((g) => ({
      href: `${links.cardholder(holder.id)}/access_groups/${encodeURIComponent(g.id)}`,
      accessGroup: { name: g.name, href: links.href(`/api/access_groups/${encodeURIComponent(g.id)}`) },
      status: { value: 'Active', type: 'active' },
    }));
}

/** A search's `cards` (cc_rest.yaml: `fields` may name any field of the detail): the PIV cards' plain facts and the ordinary card. */
function searchCards(holder: StoredCardholder, people: PeopleContext, store: CardStore, world: World, links: Links): Record<string, unknown>[] {
  const piv = holder.cards.map((c) => ({
    href: `${links.cardholder(holder.id)}/cards/${c.id}`,
    number: formatFascn(c.number),
    status: c.status,
    type: { href: links.href(`/api/card_types/${c.typeId}`), name: store.pivType.name },
  }));
  return [...piv, ...issuedCardBlocks(holder, store, world, links), ...proximityCardBlocks(holder, people, store, links)];
}

/** In a search, the same fields only when asked for (`personalDataFields` gives the definitions and the `@` values). */
export function peopleSearchFields(
  holder: StoredCardholder,
  fields: FieldRequest | undefined,
  people: PeopleContext,
  world: World,
  links: Links,
  store: CardStore,
): Record<string, unknown> {
  const names = fields?.names ?? new Set<string>();
  const location = locationFields(holder, people, world, links);
  const out: Record<string, unknown> = {};
  for (const key of ['lastSuccessfulAccessTime', 'lastSuccessfulAccessZone']) {
    if (names.has(key) && location[key] !== undefined) out[key] = location[key];
  }
  if (names.has('cards')) out.cards = searchCards(holder, people, store, world, links);
  return names.has('personalDataFields') ? { ...out, ...photoFields(holder, world, links) } : out;
}

/**
 * cc_rest.yaml /api/cardholders `accessZone`: cardholders in one of the zones with these ids (commas), or
 * with `*` in any zone: everyone who has badged and is not outside the system (a visitor who left
 * through a reception is outside). Undefined when the search names no zone.
 */
export function inAccessZones(param: string | null, people: PeopleContext): ((cardholderId: string) => boolean) | undefined {
  if (param === null) return undefined;
  const ids = new Set(param.split(',').map((s) => s.trim()).filter(Boolean));
  return (id) => {
    const zone = people.locations.get(id)?.zoneId;
    return zone !== undefined && (ids.has('*') || ids.has(zone));
  };
}

function locationFields(holder: StoredCardholder, people: PeopleContext, world: World, links: Links): Record<string, unknown> {
  const where = people.locations.get(holder.id);
  if (!where) return {};
  const out: Record<string, unknown> = { lastSuccessfulAccessTime: new Date(where.time).toISOString() };
  if (where.zoneId !== undefined) {
    const zone = world.accessZone(where.zoneId);
    out.lastSuccessfulAccessZone = { href: links.item('access_zones', where.zoneId), name: zone?.def.name ?? where.zoneId };
  } else if (where.receptionId !== undefined) {
    out.lastSuccessfulAccessZone = { name: people.book.receptions.get(where.receptionId)?.name ?? where.receptionId };
  }
  return out;
}

function photoFields(holder: StoredCardholder, world: World, links: Links): Record<string, unknown> {
  if (!hasPhoto(world, holder.id)) return {};
  const href = photoHref(links, holder.id);
  const block = {
    href,
    definition: { href: links.href(`/api/personal_data_fields/${PHOTO_FIELD.id}`), name: PHOTO_FIELD.name, id: PHOTO_FIELD.id, type: 'image' },
    value: { href },
  };
  return { personalDataDefinitions: [{ [`@${PHOTO_FIELD.name}`]: block }], [`@${PHOTO_FIELD.name}`]: { href } };
}

export function photoHref(links: Links, cardholderId: string): string {
  return `${links.cardholder(cardholderId)}/personal_data/${PHOTO_FIELD.id}`;
}

/** GET of an image field's href: the image itself, as its definition's content type says (PNG here). */
export function servePersonalData(exchange: Exchange, store: CardStore, world: World, operator: Operator, cardholderId: string, fieldId: string): void {
  const holder = store.cardholders.get(cardholderId);
  if (!holder || !operator.can(VIEW_CARDHOLDERS, holder.division)) return exchange.error(404, 'Not found');
  if (fieldId !== PHOTO_FIELD.id || !hasPhoto(world, holder.id)) return exchange.error(404, 'Not found');
  if (exchange.method !== 'GET') return exchange.error(405, 'Method not allowed');
  exchange.bytes(200, portraitPng(holder.id), 'image/png');
}

/**
 * cc_rest.yaml /api/cardholders/{id}/update_location (8.20): POST `{ accessZone: { href } }` (an access
 * zone's href or its items href) moves the cardholder there, now. Needs 'Manage Cardholder Location' in
 * the zone's division and a view of the cardholder; `time` (9.40, a past movement) needs a licence this
 * site does not have.
 */
export async function serveUpdateLocation(
  exchange: Exchange,
  store: CardStore,
  people: PeopleContext,
  world: World,
  links: Links,
  operator: Operator,
  cardholderId: string,
): Promise<void> {
  if (world.version.before('8.20')) return exchange.error(404, 'Not found');
  const holder = store.cardholders.get(cardholderId);
  if (!holder || !operator.can(VIEW_CARDHOLDERS, holder.division)) return exchange.error(404, 'Not found');
  if (exchange.method !== 'POST') return exchange.error(405, 'Method not allowed');
  let body: { accessZone?: { href?: unknown }; time?: unknown } | null;
  try {
    body = JSON.parse(await exchange.bodyText()) as typeof body;
  } catch {
    return exchange.error(400, 'The request body is not valid JSON');
  }
  const href = body?.accessZone?.href;
  const zoneId = idAfter(href, links, '/api/access_zones/') ?? idAfter(href, links, '/api/items/');
  const zone = zoneId === undefined ? undefined : world.accessZone(zoneId);
  if (!zone) return exchange.error(400, 'accessZone.href must be the href of an access zone');
  if (body?.time !== undefined && world.version.atLeast('9.40')) {
    return exchange.error(403, 'Historical movements need the Regulated Zones licence, which this site does not have');
  }
  if (!operator.can(['Manage Cardholder Location'], zone.def.division)) {
    return exchange.error(403, "The operator lacks the 'Manage Cardholder Location' privilege for that zone");
  }
  people.locations.moveTo(holder.id, zone.id, world.clock.now());
  world.events.add({ type: 'cardholder', action: `moved to ${zone.def.name}`, cardholderId: holder.id, operator: operator.cardholderId });
  exchange.empty(204);
}
