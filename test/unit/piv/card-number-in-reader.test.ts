import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkRead } from '../../../electron/core/enrolment/card-preview';
import { CardReaders } from '../../../electron/core/enrolment/card-readers';
import { cardNumberInReader, cardNumberOf, deskCardInReader } from '../../../electron/core/piv/card-number-in-reader';
import { readPivCard } from '../../../electron/core/piv/read-card';
import { DemoPivReader } from '../../../electron/shells/compose/demo-reader';
import { encodeFascn, fascnFromDigits } from '../../../shared/piv/card/fascn';
import { toHex } from '../../../shared/piv/card/hex';
import { createTestAuthority, demoCardAuthority, inProcessChannel, issueVirtualCard, VirtualPivCard } from '../../../electron/simulator/piv-card/index';

/**
 * The card in the reader as the card number enrolment stores for it: one reading, by the card's PIV
 * Authentication certificate, for the card check and for a visitor's card. A PIV card's number is its
 * FASC-N, a PIV-I card's its card UUID as a decimal, exactly as enrolling that card would send it.
 */

const PIN = '24681357';
let anchors: Uint8Array[];
const demo = new DemoPivReader();
const cards = new CardReaders({ demo: { reader: demo, slot: { insert: async () => {}, remove: () => demo.remove() }, controls: () => true }, pcsc: false }, () => {});
const options = { cards, readers: () => cards.readers(), trust: async () => ({ anchors, revoked: [] }) };

beforeAll(async () => {
  anchors = [(await demoCardAuthority()).certificate.der];
});
afterEach(() => demo.remove());

async function enrolledNumber(card: VirtualPivCard): Promise<string> {
  return checkRead(await readPivCard(inProcessChannel(card)), '9.40').enrolment!.number;
}

describe('the card in the reader, as its card number', () => {
  it('reads a PIV card as its FASC-N digits and a PIV-I card as its card UUID in decimal: the numbers enrolment stores', async () => {
    const piv = await issueVirtualCard({ pin: PIN, fascn: '4700-0256-001337-111234567890199991' });
    demo.insert(new VirtualPivCard(piv));
    const read = await cardNumberInReader(options);
    expect(read).toEqual({ number: '47000256001337111234567890199991', label: 'PIV · agency 4700 · card 001337' });
    expect(read.number).toBe(await enrolledNumber(new VirtualPivCard(piv)));

    const pivI = await issueVirtualCard({ pin: PIN, kind: 'piv-i', guid: Uint8Array.from({ length: 16 }, (_, i) => i + 1) });
    demo.insert(new VirtualPivCard(pivI));
    const readI = await cardNumberInReader(options);
    expect(readI.number).toBe(BigInt('0x0102030405060708090a0b0c0d0e0f10').toString(10));
    expect(readI.number).toBe(await enrolledNumber(new VirtualPivCard(pivI)));
  });

  it('takes the number from the certificate, so a PIV-I FASC-N that is not all nines still gives the card UUID', () => {
    const guidHex = '0102030405060708090A0B0C0D0E0F10';
    const fascnHex = (digits: string) => toHex(encodeFascn(fascnFromDigits(digits)));
    // A FASC-N of agency 9999 (PIV-I, so enrolment numbers it by its card UUID) with its own system and credential numbers.
    expect(cardNumberOf({ cardId: fascnHex('99990001000042111234567890199991'), guidHex, label: 'PIV-I · card' })).toBe(BigInt(`0x${guidHex}`).toString(10));
    expect(cardNumberOf({ cardId: fascnHex('47000256001337111234567890199991'), guidHex, label: 'PIV · card' })).toBe('47000256001337111234567890199991');
    expect(cardNumberOf({ cardId: guidHex, label: 'PIV-I · card' })).toBe(BigInt(`0x${guidHex}`).toString(10));
    expect(() => cardNumberOf({ cardId: '0'.repeat(32), label: 'PIV-I · card' })).toThrow(/names no card UUID/);
  });

  it('says when there is no reader, no card, or cards in several readers', async () => {
    const none = { ...options, readers: async () => ({ readers: [], demoControls: false, pcscProblem: 'pcscd is not running' }) };
    await expect(cardNumberInReader(none)).rejects.toThrow('No card reader is connected to this desk (pcscd is not running): connect one, or type the card number');
    await expect(cardNumberInReader(options)).rejects.toThrow('There is no card in the reader: put the card in, or type its number');
    const two = { ...options, readers: async () => ({ readers: [{ name: 'A', cardPresent: true }, { name: 'B', cardPresent: true }], demoControls: false }) };
    await expect(cardNumberInReader(two as never)).rejects.toThrow('There are cards in 2 readers: leave only the one to read');
    await expect(deskCardInReader(undefined, { inputs: options.trust })).rejects.toThrow('This desk has no card readers set up: type the card number');
  });

  it('refuses a card from an issuer the desk does not trust, and a card that is not PIV, in words', async () => {
    const stranger = await issueVirtualCard({ pin: PIN, authority: await createTestAuthority('Elsewhere CA') });
    demo.insert(new VirtualPivCard(stranger));
    await expect(cardNumberInReader(options)).rejects.toThrow(/^The card in the reader was not accepted: This card was issued by .*Elsewhere CA.*, which this desk does not trust$/);
    const blank = await issueVirtualCard({ pin: PIN });
    const objects = new Map(blank.objects);
    objects.clear();
    demo.insert(new VirtualPivCard({ ...blank, objects }));
    await expect(cardNumberInReader(options)).rejects.toThrow(/^The card in the reader cannot be read as a PIV card \(This card has no CHUID, which every PIV card holds\): type the number printed on it$/);
  });
});
