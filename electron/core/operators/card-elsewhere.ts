import type { CardInReader, CardHeldBy } from '../../../shared/contract/operators';
import type { OutboxItem } from '../../../shared/contract/enrolment';
import { decodeFascn, fascnToDigits } from '../../../shared/piv/card/fascn';
import { fromHex } from '../../../shared/piv/card/hex';
import { formatFascn, sameCardNumber } from '../../../shared/piv/fascn-number';
import { findCardholderByCard } from '../api/card-check';
import { guidToDecimal } from '../piv/chuid';
import { personName } from '../reception/todays-visits';
import type { SiteSession } from '../site-session';
import type { CardIdentity } from './card-authenticator';

/** How long the server is given to say who holds a card before the warning goes on without it. */
const SERVER_ASK_MS = 10_000;

/**
 * The card number an enrolment of this card sent (electron/core/piv/enrolment.ts): a PIV card's FASC-N
 * digits, hyphenated as the server writes them; a card named by its UUID (PIV-I), that UUID as a
 * decimal integer. Undefined for an id that is neither.
 */
export function enrolledNumberOf(cardId: string): string | undefined {
  try {
    if (cardId.length === 50) return formatFascn(fascnToDigits(decodeFascn(fromHex(cardId))));
    if (cardId.length === 32) return guidToDecimal(fromHex(cardId));
  } catch {
    return undefined;
  }
  return undefined;
}

export interface CardHolders {
  /** Every enrolment this desk keeps (the outbox and its history in the local store). */
  enrolments: () => Promise<OutboxItem[]>;
  /** The server's holder of a card number, when it can be asked: undefined (nobody), or why it could not be. */
  serverHolder?: (cardNumber: string) => Promise<{ holder?: { href: string; name: string }; unasked?: string }>;
}

/**
 * Who else the card in the reader belongs to, before it is linked to the operator whose cardholder is
 * `cardholderHref`: every enrolment of that card number this desk made (sent, on its way, or uncertain)
 * to another cardholder, and the server's cardholder holding it when that is someone else. A card
 * linked by mistake would let its holder sign in as the operator, so the roster asks first.
 */
export async function cardInReader(identity: CardIdentity, cardholderHref: string, holders: CardHolders): Promise<CardInReader> {
  const number = enrolledNumberOf(identity.cardId);
  if (number === undefined) return { label: identity.label, heldBy: [] };
  const live = new Set<OutboxItem['state']>(['pending', 'sending', 'sent', 'uncertain']);
  const enrolled: CardHeldBy[] = (await holders.enrolments())
    .filter((i) => live.has(i.state) && sameCardNumber(i.cardNumber, number) && i.cardholderHref !== cardholderHref)
    .sort((a, b) => b.createdAt - a.createdAt)
    .map((i) => ({ name: i.target, source: 'enrolment', at: i.createdAt, state: i.state }));
  const server = holders.serverHolder ? await holders.serverHolder(number) : { unasked: 'this desk has no server to ask' };
  const onServer: CardHeldBy[] = server.holder && server.holder.href !== cardholderHref ? [{ name: server.holder.name, source: 'server' }] : [];
  return {
    label: identity.label,
    cardNumber: number,
    heldBy: [...onServer, ...enrolled],
    ...(server.unasked ? { serverUnasked: server.unasked } : {}),
  };
}

/** The open site's holder of a card number, read live; offline or slow, it says why it could not ask. */
export function serverCardHolder(session: () => SiteSession | undefined): NonNullable<CardHolders['serverHolder']> {
  return async (cardNumber) => {
    const open = session();
    if (!open) return { unasked: 'no site is open' };
    try {
      const found = await open.read((transport, discovery) => findCardholderByCard(transport, discovery, cardNumber, AbortSignal.timeout(SERVER_ASK_MS)));
      if (!found) return {};
      const name = personName([found.holder.lastName, found.holder.firstName].filter(Boolean).join(', ') || undefined);
      return { holder: { href: found.holder.href, name } };
    } catch {
      return { unasked: 'the server could not be asked just now' };
    }
  };
}
