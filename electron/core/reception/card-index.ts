import type { CheckedCard, CheckedCardholder } from '../api/card-check';
import { CheckedCardholder as CardholderSchema, findCardholderByCard, sameCardNumber } from '../api/card-check';
import type { Discovery } from '../api/discovery';
import type { Transport } from '../api/transport';

/**
 * Where each card number was last found: the next check of that number reads that one cardholder and
 * confirms the card is still theirs, instead of reading every cardholder again (the vendor's search has
 * no card-number filter). A number no longer on that cardholder is looked for afresh.
 */
export class CardIndex {
  private readonly holders = new Map<string, string>();

  async find(transport: Transport, discovery: Discovery, number: string): Promise<{ holder: CheckedCardholder; card: CheckedCard } | undefined> {
    const key = number.replace(/[\s-]+/g, '').replace(/^0+(?=\d)/, '').toLowerCase();
    const known = this.holders.get(key);
    if (known) {
      const holder = await transport.getJson(known, CardholderSchema, 'Card check').catch(() => undefined);
      const card = holder?.cards?.find((c) => c.number !== undefined && sameCardNumber(c.number, number));
      if (holder && card) return { holder, card };
      this.holders.delete(key);
    }
    const found = await findCardholderByCard(transport, discovery, number);
    if (found) this.holders.set(key, found.holder.href);
    return found;
  }
}
