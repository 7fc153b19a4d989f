import { z } from 'zod';
import { DeskError } from '../../../shared/errors';
import { cardTypeListHref } from './card-types';
import { CardStatus } from './cardholder-schemas';
import type { Discovery } from './discovery';
import { Link } from './schemas';
import { SearchTrail } from './search-trail';
import type { Transport } from './transport';

/** cc_rest.yaml CardType, as far as handing out a card needs it: the number rules and the state set. */
const IssuableType = z.object({
  href: z.string(),
  name: z.string().optional(),
  credentialClass: z.string().optional(),
  minimumNumber: z.string().optional(),
  maximumNumber: z.string().optional(),
  regexDescription: z.string().optional(),
});
export type ServerCardType = z.infer<typeof IssuableType>;
const TypePage = z.object({ results: z.array(IssuableType), next: Link.optional() });

/** cc_rest.yaml CardholderCard, as far as a visitor's card is shown and collected. */
const HeldCard = z.object({
  href: z.string(),
  number: z.string().optional(),
  type: Link.extend({ name: z.string().optional() }).optional(),
  status: CardStatus.optional(),
  until: z.string().optional(),
  /** Present on PIV and PIV-I cards only (cc_rest.yaml: CardholderCard.pivData). */
  pivData: z.unknown().optional(),
});
export type HeldCard = z.infer<typeof HeldCard>;
const WithCards = z.object({ href: z.string().optional(), cards: z.array(HeldCard).optional() });

/**
 * Credential classes a reception does not hand out: PIV and PIV-I cards are enrolled with their
 * certificates (the Enrol screen), mobile credentials and digital IDs are sent to a phone.
 */
const NOT_HANDED_OUT = new Set(['piv', 'pivi', 'mobile', 'digitalid', 'govpass', 'applepass']);

/** The card types this operator may assign that a reception can hand out, with their number rules. */
export async function issuableCardTypes(transport: Transport, discovery: Discovery): Promise<ServerCardType[]> {
  const what = 'Card types';
  const href = cardTypeListHref(discovery);
  if (!href) throw new DeskError('licence', `${what}: this server offers no card-type list (it needs the RESTCardholders licence)`);
  const query = { fields: 'href,name,credentialClass,minimumNumber,maximumNumber,regexDescription' };
  const trail = new SearchTrail(what, transport.limits);
  const found: ServerCardType[] = [];
  let page = await transport.getJson(href, TypePage, what, { query });
  for (;;) {
    trail.took(page.results.length);
    found.push(...page.results.filter((t) => !NOT_HANDED_OUT.has(t.credentialClass?.toLowerCase() ?? '')));
    if (!page.next) return found;
    page = await transport.getJson(trail.follow(page.next.href), TypePage, what);
  }
}

/**
 * A cardholder's cards a reception may collect, as the server lists them now: not their PIV cards
 * (their own credentials, enrolled with their certificates, never lent at a desk).
 */
export async function heldCards(transport: Transport, cardholder: string): Promise<HeldCard[]> {
  const cards = (await transport.getJson(cardholder, WithCards, 'Visitor cards', { query: { fields: 'href,cards' } })).cards ?? [];
  return cards.filter((c) => c.pivData === undefined);
}

/**
 * Adds one card to a cardholder (cc_rest.yaml: CardholderPATCH.cards `add`): its type, its number and
 * its end. No state (the type's state set gives its default, active in the factory set) and no `from`
 * (a blank `from` works from now).
 */
export async function addCard(transport: Transport, cardholder: string, card: { type: string; number: string; until: Date }, what: string): Promise<void> {
  const add = { type: { href: card.type }, number: card.number, until: card.until.toISOString() };
  await transport.patch(cardholder, { cards: { add: [add] } }, what);
}

/**
 * Takes a card off a cardholder (cc_rest.yaml: CardholderPATCH.cards `remove`, by the card's href). From
 * 8.90 a removal may carry the card's final state, its "reason"; a card handed back needs none (the
 * server keeps its current state), so none is sent.
 */
export async function removeCardFrom(transport: Transport, cardholder: string, cardHref: string, what: string): Promise<void> {
  await transport.patch(cardholder, { cards: { remove: [{ href: cardHref }] } }, what);
}
