import type { CardStore, CardType, StoredCardholder } from './card-store';
import { PivRejection } from './piv-data';
import type { ProximityCard } from './proximity-cards';

/**
 * Cards of the site's ordinary (non-PIV) card types added through the API, such as a visitor's card
 * issued at reception (cc_rest.yaml: CardholderPATCH.cards `add`, CardholderCard). Their rules are the
 * reference's: the type is the one compulsory field; a number is required for a text format (checked
 * against the type's regex) and must lie in a decimal type's range, where a blank one takes the next
 * free number; it must be unique across all cards of that type; the state comes from the type's set
 * ('Active' when not given, any case); `from` must not be after `until`. A create ignores a date it
 * cannot read (the reference's own words) where an update refuses it.
 */
export interface IssuedCard {
  id: string;
  number: string;
  typeId: string;
  issueLevel: number;
  /** The state set's value, as the type spells it. */
  state: string;
  from?: number;
  until?: number;
}

export interface CardNumbersInUse {
  /** Every number held by a card of this type, on any cardholder. */
  numbersOf(type: CardType): string[];
}

/** The card as a CardholderCard: `status.type` follows its dates (pending, expired) before its state. */
export function issuedCardStatus(card: IssuedCard, now: number): { value: string; type: 'active' | 'inactive' | 'pending' | 'expired' } {
  if (card.until !== undefined && card.until < now) return { value: 'Expired', type: 'expired' };
  if (card.from !== undefined && card.from > now) return { value: 'Not Yet Activated', type: 'pending' };
  return { value: card.state, type: card.state.toLowerCase() === 'active' ? 'active' : 'inactive' };
}

/** A new card of a non-PIV type from an `add` element, or a PivRejection (400) saying why not. */
export function newIssuedCard(c: Record<string, unknown>, type: CardType, inUse: CardNumbersInUse, id: string): IssuedCard {
  const taken = inUse.numbersOf(type);
  const number = cardNumberFor(c.number, type, taken);
  if (taken.some((n) => sameNumber(n, number, type))) {
    throw new PivRejection(`Card number ${number} is already in use on another card of type ${type.name}: card numbers must be unique within a card type`);
  }
  const state = stateOf(c.status, type) ?? 'Active';
  const from = dateOf(c.from, 'create', 'from');
  const until = dateOf(c.until, 'create', 'until');
  checkOrder(from, until);
  return { id, number, typeId: type.id, issueLevel: 1, state, ...(from !== undefined ? { from } : {}), ...(until !== undefined ? { until } : {}) };
}

/** An `update` element for an issued card: its state and dates may change (never its number or type). */
export function planIssuedUpdate(card: IssuedCard, u: Record<string, unknown>, type: CardType): () => void {
  if (u.number !== undefined && String(u.number) !== card.number) throw new PivRejection('The number of an existing card cannot be changed');
  if (u.type !== undefined) throw new PivRejection("A card's type cannot be changed once it is created");
  const state = stateOf(u.status, type);
  const from = u.from === '' ? null : dateOf(u.from, 'update', 'from');
  const until = u.until === '' ? null : dateOf(u.until, 'update', 'until');
  checkOrder(from === null ? undefined : (from ?? card.from), until === null ? undefined : (until ?? card.until));
  return () => {
    if (state) card.state = state;
    if (from === null) delete card.from;
    else if (from !== undefined) card.from = from;
    if (until === null) delete card.until;
    else if (until !== undefined) card.until = until;
  };
}

/** A `remove` element's `status.value` (8.90+): the card's final state, one of its type's states. */
export function checkRemovalState(raw: unknown, type: CardType | undefined): void {
  if (raw === undefined || !type) return;
  stateOf(raw, type);
}

/** The numbers held by every card of a type: PIV cards, issued cards, and the site's proximity cards. */
export function numbersInUse(store: CardStore, proximity: ReadonlyMap<string, ProximityCard> | undefined): CardNumbersInUse {
  return {
    numbersOf(type) {
      const all: string[] = [];
      for (const holder of store.cardholders.values()) {
        for (const c of holder.cards) if (c.typeId === type.id) all.push(c.number);
        for (const c of holder.issued ?? []) if (c.typeId === type.id) all.push(c.number);
      }
      const proximityType = store.cardTypes.find((t) => t.credentialClass === 'card');
      if (proximity && proximityType?.id === type.id) for (const c of proximity.values()) all.push(c.number);
      return all;
    },
  };
}

export function issuedCardsOf(holder: StoredCardholder): IssuedCard[] {
  return (holder.issued ??= []);
}

function cardNumberFor(raw: unknown, type: CardType, taken: readonly string[]): string {
  const given = typeof raw === 'string' ? raw.trim() : raw === undefined || raw === null ? '' : undefined;
  if (given === undefined) throw new PivRejection('card number must be a string');
  if (type.numberRange) {
    if (given === '') return nextFree(type.numberRange, taken);
    if (!/^\d+$/.test(given)) throw new PivRejection(`Card number ${given} is not valid for ${type.name}: it must be a whole number`);
    const n = BigInt(given);
    if (n < BigInt(type.numberRange.minimum) || n > BigInt(type.numberRange.maximum)) {
      throw new PivRejection(`Card number ${given} is not valid for ${type.name}: it must be from ${type.numberRange.minimum} to ${type.numberRange.maximum}`);
    }
    return String(n);
  }
  if (given === '') throw new PivRejection(`A card number is required for ${type.name}`);
  if (type.numberRule && !new RegExp(type.numberRule.regex).test(given)) {
    throw new PivRejection(`Card number ${given} is not valid for ${type.name}: ${type.numberRule.description}`);
  }
  return given;
}

function nextFree(range: { minimum: string; maximum: string }, taken: readonly string[]): string {
  const used = new Set(taken.map((n) => n.replace(/^0+(?=\d)/, '')));
  for (let n = BigInt(range.minimum); n <= BigInt(range.maximum); n++) if (!used.has(String(n))) return String(n);
  throw new PivRejection('Every card number of this card type is in use');
}

function sameNumber(a: string, b: string, type: CardType): boolean {
  if (type.numberRange) return a.replace(/^0+(?=\d)/, '') === b.replace(/^0+(?=\d)/, '');
  return a === b;
}

/** `status.value`, matched to the type's state set without regard to case; undefined when not given. */
function stateOf(raw: unknown, type: CardType): string | undefined {
  if (raw === undefined) return undefined;
  const value = (raw as { value?: unknown } | null)?.value;
  if (value === undefined) return undefined;
  const found = typeof value === 'string' ? type.availableCardStates.find((s) => s.toLowerCase() === value.toLowerCase()) : undefined;
  if (!found) throw new PivRejection(`status.value must be one of the states of ${type.name}: ${type.availableCardStates.join(', ')}`);
  return found;
}

/** A create ignores a date it cannot read (cc_rest.yaml CardholderCard.from); an update refuses it. */
function dateOf(raw: unknown, event: 'create' | 'update', name: string): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const at = typeof raw === 'string' ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(at)) {
    if (event === 'create') return undefined;
    throw new PivRejection(`${name} must be a date and time (ISO 8601)`);
  }
  if (at >= Date.UTC(2100, 0, 1)) throw new PivRejection(`${name} must be before the year 2100`);
  return at;
}

function checkOrder(from: number | undefined, until: number | undefined): void {
  if (from !== undefined && until !== undefined && from > until) throw new PivRejection('from must not be after until');
}
