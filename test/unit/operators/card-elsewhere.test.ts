import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../../shared/contract/enrolment';
import { encodeFascn, fascnFromDigits } from '../../../shared/piv/card/fascn';
import { toHex } from '../../../shared/piv/card/hex';
import { cardInReader, enrolledNumberOf, type CardHolders } from '../../../electron/core/operators/card-elsewhere';

// The operator link dialog asks who else holds the card in the reader before linking it: every
// enrolment this desk keeps (not only recent ones), and the server's cardholder holding that number.

const DIGITS = '47000256001337111234567890199991';
const FORMATTED = '4700-0256-001337-111234567890199991';
const card = { cardId: toHex(encodeFascn(fascnFromDigits(DIGITS))), label: 'PIV · agency 4700 · card 001337' };
const OPERATOR = 'https://server/api/cardholders/ch-guard';

function enrolment(over: Partial<OutboxItem>): OutboxItem {
  return { id: 'e1', createdAt: Date.UTC(2026, 0, 2, 9, 30), state: 'sent', target: 'Ada Lovelace (existing cardholder)', cardNumber: FORMATTED, kind: 'piv', cardholderHref: 'https://server/api/cardholders/ch-ada', ...over };
}

const holders = (items: OutboxItem[], server?: CardHolders['serverHolder']): CardHolders => ({ enrolments: async () => items, ...(server ? { serverHolder: server } : {}) });

describe('who else holds the card in the reader', () => {
  it('reads the card number an enrolment sent: FASC-N digits hyphenated as the server writes them, a UUID as a decimal', () => {
    expect(enrolledNumberOf(card.cardId)).toBe(FORMATTED);
    expect(enrolledNumberOf('00000000000000000000000000000100')).toBe('256');
    expect(enrolledNumberOf('not a card')).toBeUndefined();
  });

  it('finds an enrolment to someone else however long ago it was, and one still waiting to be sent', async () => {
    const months = enrolment({ createdAt: Date.UTC(2025, 5, 1) });
    const waiting = enrolment({ id: 'e2', state: 'pending', target: 'Bo Chen (new cardholder, Campus)', cardholderHref: undefined, cardNumber: DIGITS });
    const result = await cardInReader(card, OPERATOR, holders([months, waiting]));
    expect(result.heldBy).toEqual([
      { name: 'Bo Chen (new cardholder, Campus)', source: 'enrolment', at: waiting.createdAt, state: 'pending' },
      { name: 'Ada Lovelace (existing cardholder)', source: 'enrolment', at: months.createdAt, state: 'sent' },
    ]);
    expect(result.serverUnasked).toBe('this desk has no server to ask');
  });

  it('leaves out enrolments of other cards, to the operator themself, refused or discarded', async () => {
    const items = [
      enrolment({ cardNumber: '4700-0256-001338-111234567890199991' }),
      enrolment({ cardholderHref: OPERATOR }),
      enrolment({ state: 'refused' }),
      enrolment({ state: 'discarded' }),
    ];
    expect((await cardInReader(card, OPERATOR, holders(items, async () => ({})))).heldBy).toEqual([]);
  });

  it("names the server's cardholder holding the number, unless it is the operator", async () => {
    const asked: string[] = [];
    const server: CardHolders['serverHolder'] = async (number) => (asked.push(number), { holder: { href: 'https://server/api/cardholders/ch-ada', name: 'Ada Lovelace' } });
    const result = await cardInReader(card, OPERATOR, holders([], server));
    expect(asked).toEqual([FORMATTED]);
    expect(result).toEqual({ label: card.label, cardNumber: FORMATTED, heldBy: [{ name: 'Ada Lovelace', source: 'server' }] });
    const own = await cardInReader(card, OPERATOR, holders([], async () => ({ holder: { href: OPERATOR, name: 'Morgan Reyes' } })));
    expect(own.heldBy).toEqual([]);
  });

  it('says when the server could not be asked, and still compares the enrolments', async () => {
    const result = await cardInReader(card, OPERATOR, holders([enrolment({})], async () => ({ unasked: 'no site is open' })));
    expect(result.serverUnasked).toBe('no site is open');
    expect(result.heldBy).toHaveLength(1);
  });
});
