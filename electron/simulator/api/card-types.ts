import type { CardStore, CardType } from '../cardholders/card-store';
import type { Exchange } from '../http/exchange';
import type { World } from '../model/world';
import { parseFields, selectFields, type FieldRequest } from './fields';
import type { Links } from './links';

/**
 * What a card type's list entry and detail page carry unless `fields` says otherwise: "nearly every
 * field" (cc_rest.yaml: /api/card_types/assign `fields`). The notes ("the server does not return
 * the notes field by default") and availableCardStates ("ask for it using the fields parameter")
 * only when asked for, as CardType's prose says, though its example shows both.
 */
const DEFAULT_FIELDS = ['href', 'id', 'name', 'division', 'facilityCode', 'credentialClass', 'minimumNumber', 'maximumNumber', 'regex', 'regexDescription'];
/** cc_rest.yaml: the card-type `fields` values. */
const ALL_FIELDS = [...DEFAULT_FIELDS, 'availableCardStates', 'notes'];

/**
 * Card types: the list at `/api/card_types` (`features.cardTypes.cardTypes`, every version), the
 * assignable list at `/api/card_types/assign` (`features.cardTypes.assign`, 8.10 and later), and each
 * type's detail at its href, so the hrefs the lists hand out lead somewhere.
 */
export function serveCardTypes(exchange: Exchange, cards: CardStore, world: World, links: Links, rest: string[]): void {
  if (exchange.method !== 'GET') return exchange.error(405, 'Method not allowed');
  if (!world.hasLicence('RESTCardholders')) return exchange.error(403, 'The site is not licensed for RESTCardholders');
  const fields = parseFields(exchange.url.searchParams.get('fields'));
  const show = (t: CardType) => represent(t, fields, world, links);
  if (rest.length === 0 || (rest.length === 1 && rest[0] === 'assign' && world.version.atLeast('8.10'))) {
    return exchange.json(200, { results: cards.cardTypes.map(show) });
  }
  const found = rest.length === 1 ? cards.cardTypes.find((t) => t.id === rest[0]) : undefined;
  if (!found) return exchange.error(404, 'Not found');
  exchange.json(200, show(found));
}

function represent(t: CardType, fields: FieldRequest | undefined, world: World, links: Links): Record<string, unknown> {
  const root = world.divisions.all().find((d) => !d.parent)!;
  return selectFields(
    {
      href: () => links.href(`/api/card_types/${encodeURIComponent(t.id)}`),
      id: () => t.id,
      name: () => t.name,
      division: () => links.divisionRef(root.id),
      credentialClass: () => t.credentialClass,
      availableCardStates: () => t.availableCardStates,
      facilityCode: () => t.facilityCode,
      minimumNumber: () => t.numberRange?.minimum,
      maximumNumber: () => t.numberRange?.maximum,
      regex: () => t.numberRule?.regex,
      regexDescription: () => t.numberRule?.description,
      notes: () => t.notes,
    },
    DEFAULT_FIELDS,
    fields,
    world.version,
    ALL_FIELDS,
  );
}
