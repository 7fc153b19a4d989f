import type { Operator } from '../auth/operator';
import { readJsonObject } from '../http/json-body';
import { cardStatusAfter, readRequestedStatus } from '../cardholders/card-status';
import type { CardStore, CardType, StoredCard, StoredCardholder } from '../cardholders/card-store';
import { checkRemovalState, issuedCardStatus, issuedCardsOf, newIssuedCard, numbersInUse, planIssuedUpdate, type IssuedCard } from '../cardholders/issued-cards';
import { digitsOf, issueLevelOf, PivRejection, readPivData, readPivStatus } from '../cardholders/piv-data';
import type { ProximityCard } from '../cardholders/proximity-cards';
import type { Exchange } from '../http/exchange';
import type { World } from '../model/world';
import type { Links } from './links';

export const EDIT_CARDHOLDERS = ['Edit Cardholders', 'Modify Cardholders'];

/**
 * PATCH of a cardholder (cc_rest.yaml: CardholderPATCH): its names and its `cards` arrays `add`,
 * `update` and `remove`. PIV cards follow the PIV rules (piv-data.ts, and the PIV licence); cards of the
 * other types follow issued-cards.ts. Everything is checked before anything changes, so a refused PATCH
 * leaves the cardholder as it was.
 */
export async function patchCardholder(
  exchange: Exchange,
  holder: StoredCardholder,
  store: CardStore,
  world: World,
  links: Links,
  operator: Operator,
  proximity?: Map<string, ProximityCard>,
): Promise<void> {
  const body = await readJsonObject(exchange);
  if (!body) return;
  if (!operator.can(EDIT_CARDHOLDERS, holder.division)) return exchange.error(403, "The operator lacks the 'Edit Cardholders' privilege");
  // The arrays are `add`, `update` and `remove` (cc_rest.yaml: CardholderPATCH.cards); like the real server,
  // any other member (such as `delete`) is ignored.
  const cardsPatch = (body.cards ?? {}) as { add?: unknown; update?: unknown; remove?: unknown };
  if (typeof cardsPatch !== 'object' || Array.isArray(cardsPatch)) return exchange.error(400, 'cards must be an object');
  for (const key of ['add', 'update', 'remove'] as const) {
    if (cardsPatch[key] !== undefined && !Array.isArray(cardsPatch[key])) return exchange.error(400, `cards.${key} must be an array`);
  }
  const adds = ((cardsPatch.add as unknown[]) ?? []).map((raw) => ({ raw, type: typeOfNew(raw, store, links) }));
  const updates = ((cardsPatch.update as unknown[]) ?? []).map((raw) => ({ raw, found: cardOf(raw, holder, proximity) }));
  const removes = ((cardsPatch.remove as unknown[]) ?? []).map((raw) => ({ raw, found: cardOf(raw, holder, proximity) }));
  // The PIV licence covers PIV cards; ordinary cards need only the cardholder calls' own licence.
  const touchesPiv = adds.some((a) => a.type === undefined || a.type.credentialClass === 'piv') || [...updates, ...removes].some((u) => u.found === undefined || u.found.kind === 'piv');
  if (touchesPiv && !world.hasLicence('PIV')) return exchange.error(403, 'The site is not licensed for PIV cards');
  const inUse = numbersInUse(store, proximity);
  const added: StoredCard[] = [];
  const issued: IssuedCard[] = [];
  const changes: (() => void)[] = [];
  const deletions = new Set<StoredCard | IssuedCard>();
  let proximityGone = false;
  try {
    for (const { raw, type } of adds) {
      if (type && type.credentialClass !== 'piv') {
        const card = newIssuedCard(raw as Record<string, unknown>, type, { numbersOf: (t) => [...inUse.numbersOf(t), ...issued.filter((c) => c.typeId === t.id).map((c) => c.number)] }, store.newId());
        issued.push(card);
      } else {
        added.push(newPivCard(raw, store, world, links));
      }
    }
    for (const { raw, found } of updates) {
      const card = found ?? missingCard();
      const u = raw as Record<string, unknown>;
      if (card.kind === 'proximity') throw new PivRejection("The site's own proximity cards are changed on the server's console, not here");
      changes.push(card.kind === 'issued' ? planIssuedUpdate(card.card, u, typeById(store, card.card.typeId)) : planPivUpdate(card.card, u, world));
    }
    for (const { raw, found } of removes) {
      const card = found ?? missingCard();
      // cc_rest.yaml CardholderPATCH.cards: from 8.90 a removal may carry the card's final state (its 'reason').
      const status = (raw as { status?: unknown }).status;
      if (world.version.atLeast('8.90') && card.kind !== 'piv') checkRemovalState(status, card.kind === 'issued' ? typeById(store, card.card.typeId) : proximityType(store));
      if (card.kind === 'proximity') proximityGone = true;
      else deletions.add(card.card);
    }
  } catch (err) {
    if (err instanceof PivRejection) return exchange.error(400, err.message);
    throw err;
  }
  for (const apply of changes) apply();
  if (proximityGone) proximity?.delete(holder.id);
  holder.cards = [...holder.cards.filter((c) => !deletions.has(c)), ...added];
  if (issued.length > 0 || holder.issued) holder.issued = [...issuedCardsOf(holder).filter((c) => !deletions.has(c)), ...issued];
  if (typeof body.firstName === 'string') holder.firstName = body.firstName;
  if (typeof body.lastName === 'string') holder.lastName = body.lastName;
  world.events.add({ type: 'cardholder', action: 'modified', cardholderId: holder.id, operator: operator.cardholderId });
  exchange.empty(204);
}

/** A PIV card from a create's or an add's element (the PIV rules: its number is its FASC-N, its pivData checked). */
export function newPivCard(raw: unknown, store: CardStore, world: World, links: Links): StoredCard {
  if (typeof raw !== 'object' || raw === null) throw new PivRejection('Each card must be an object');
  const c = raw as Record<string, unknown>;
  if (typeof c.number !== 'string' || digitsOf(c.number) === '') throw new PivRejection('card number is required');
  const typeHref = (c.type as { href?: unknown } | undefined)?.href;
  if (typeHref !== links.href(`/api/card_types/${store.pivType.id}`)) {
    throw new PivRejection('card type.href must be the href of the PIV card type');
  }
  const requested = readRequestedStatus(c.status);
  if (requested && typeof requested === 'object') throw new PivRejection(requested.refusal);
  const pivData = readPivData(c.pivData, c.number, world.version, new Date(world.clock.now()));
  return {
    id: store.newId(),
    number: digitsOf(c.number),
    issueLevel: issueLevelOf(pivData.chuid.fascn),
    typeId: store.pivType.id,
    status: cardStatusAfter('create', requested, pivData.pivStatus.type),
    pivData,
  };
}

/** The card type an `add` element names, when it names one of the site's; undefined leaves it to the PIV rules' refusal. */
function typeOfNew(raw: unknown, store: CardStore, links: Links): CardType | undefined {
  const href = (raw as { type?: { href?: unknown } } | null)?.type?.href;
  return typeof href === 'string' ? store.cardTypes.find((t) => href === links.href(`/api/card_types/${t.id}`)) : undefined;
}

function typeById(store: CardStore, id: string): CardType {
  return store.cardTypes.find((t) => t.id === id)!;
}

type FoundCard = { kind: 'piv'; card: StoredCard } | { kind: 'issued'; card: IssuedCard } | { kind: 'proximity'; card: ProximityCard };

function proximityType(store: CardStore): CardType | undefined {
  return store.cardTypes.find((t) => t.credentialClass === 'card');
}

function cardOf(raw: unknown, holder: StoredCardholder, proximity: ReadonlyMap<string, ProximityCard> | undefined): FoundCard | undefined {
  const href = (raw as { href?: unknown } | null)?.href;
  if (typeof href !== 'string') return undefined;
  const piv = holder.cards.find((c) => href.endsWith(`/cards/${c.id}`));
  if (piv) return { kind: 'piv', card: piv };
  const issued = holder.issued?.find((c) => href.endsWith(`/cards/${c.id}`));
  if (issued) return { kind: 'issued', card: issued };
  const own = proximity?.get(holder.id);
  return own && href.endsWith(`/cards/${own.id}`) ? { kind: 'proximity', card: own } : undefined;
}

function missingCard(): never {
  throw new PivRejection("Each card to update or remove needs the href of one of this cardholder's cards");
}

/** Only the PIV status (and the card status) may change once a PIV card exists. */
function planPivUpdate(card: StoredCard, u: Record<string, unknown>, world: World): () => void {
  const pivData = u.pivData as Record<string, unknown> | undefined;
  if (pivData !== undefined) {
    const other = Object.keys(pivData).filter((k) => k !== 'pivStatus');
    if (other.length > 0) throw new PivRejection(`Only pivData.pivStatus can change after creation (not ${other.join(', ')})`);
  }
  const pivStatus = readPivStatus(pivData?.pivStatus);
  const requested = readRequestedStatus(u.status);
  if (requested && typeof requested === 'object') throw new PivRejection(requested.refusal);
  return () => {
    if (pivStatus) {
      card.pivData.pivStatus = { type: pivStatus };
      card.pivData.lastCheckTime = new Date(world.clock.now()).toISOString();
    }
    card.status = cardStatusAfter('update', requested, card.pivData.pivStatus.type);
  };
}

/** The cardholder's cards of the ordinary types (issued-cards.ts), as CardholderCard blocks. */
export function issuedCardBlocks(holder: StoredCardholder, store: CardStore, world: World, links: Links): Record<string, unknown>[] {
  return (holder.issued ?? []).map((c) => {
    const type = store.cardTypes.find((t) => t.id === c.typeId);
    return {
      href: links.href(`/api/cardholders/${holder.id}/cards/${c.id}`),
      number: c.number,
      issueLevel: c.issueLevel,
      status: issuedCardStatus(c, world.clock.now()),
      type: { href: links.href(`/api/card_types/${c.typeId}`), name: type?.name ?? c.typeId },
      ...(c.from !== undefined ? { from: new Date(c.from).toISOString() } : {}),
      ...(c.until !== undefined ? { until: new Date(c.until).toISOString() } : {}),
    };
  });
}
