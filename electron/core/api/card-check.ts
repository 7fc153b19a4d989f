import { z } from 'zod';
import { DeskError } from '../../../shared/errors';
import type { Discovery } from './discovery';
import { CARDHOLDERS_LINK, linkFor } from './features';
import { Link, NamedLink } from './schemas';
import { searchAll } from './paging';
import type { Transport } from './transport';

/** cc_rest.yaml CardholderCard, as far as a card check reads it. */
const CheckedCard = z.object({
  href: z.string().optional(),
  number: z.string().optional(),
  status: z.object({ value: z.string().optional(), type: z.string().optional() }).optional(),
  type: NamedLink.optional(),
  from: z.string().optional(),
  until: z.string().optional(),
});
export type CheckedCard = z.infer<typeof CheckedCard>;

const WithCards = z.object({ href: z.string(), cards: z.array(CheckedCard).optional() });

/** cc_rest.yaml CardholderDetail: names, division, cards, access groups, last access, the `@Photo` value. */
export const CheckedCardholder = z.object({
  href: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  division: Link.optional(),
  cards: z.array(CheckedCard).optional(),
  accessGroups: z.array(z.object({ accessGroup: NamedLink.optional() })).optional(),
  lastSuccessfulAccessTime: z.string().optional(),
  lastSuccessfulAccessZone: z.object({ href: z.string().optional(), name: z.string().optional() }).optional(),
  '@Photo': Link.optional(),
});
export type CheckedCardholder = z.infer<typeof CheckedCardholder>;

/**
 * Card numbers compare as the card shows them, ignoring spaces, and the hyphens and leading zeros of a
 * decimal number (the server shows a PIV card's FASC-N number hyphenated 4-4-6-18; its digits are the number).
 */
export function sameCardNumber(a: string, b: string): boolean {
  const norm = (n: string) => {
    const plain = n.replace(/\s+/g, '');
    const digits = plain.replace(/-/g, '');
    return /^\d+$/.test(digits) ? digits.replace(/^0+(?=\d)/, '') : plain.toLowerCase();
  };
  return norm(a) === norm(b);
}

/**
 * The cardholder holding a card of this number, and that card. The vendor's cardholder search has no
 * card-number filter, so the desk reads cardholders with their cards, 1000 a page, until it finds it.
 */
export async function findCardholderByCard(
  transport: Transport,
  discovery: Discovery,
  number: string,
  signal?: AbortSignal,
): Promise<{ holder: CheckedCardholder; card: CheckedCard } | undefined> {
  const what = 'Card check';
  const href = linkFor(discovery, ...CARDHOLDERS_LINK);
  if (!href) throw new DeskError('licence', `${what}: this server offers no cardholder calls (it needs the RESTCardholders licence)`);
  for await (const holder of searchAll(transport, href, WithCards, what, { query: { top: 1000, fields: 'href,cards' }, signal })) {
    const card = holder.cards?.find((c) => c.number !== undefined && sameCardNumber(c.number, number));
    if (card) {
      const detail = await transport.getJson(holder.href, CheckedCardholder, what);
      return { holder: detail, card: detail.cards?.find((c) => c.href === card.href) ?? card };
    }
  }
  return undefined;
}
