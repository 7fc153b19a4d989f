import type { CardInReader } from '../../../shared/contract/visitor-cards';
import type { ReaderList } from '../../../shared/contract/enrolment';
import { DeskError } from '../../../shared/errors';
import { decodeFascn, fascnToDigits } from '../../../shared/piv/card/fascn';
import { fromHex } from '../../../shared/piv/card/hex';
import { cardKindOfFascn } from '../../../shared/piv/fascn-number';
import { guidToDecimal } from './chuid';
import { identifyCard, type CardAccess, type CardCheck, type CardProof } from './sign-in';
import { CardRefused } from './sign-in/card-refused';

export interface CardInReaderOptions {
  cards: CardAccess;
  /** The desk's readers as they are listed now (the demo reader and PC/SC). */
  readers: () => Promise<ReaderList>;
  /** The card issuers this desk trusts and the cards it revoked (Settings → Sign-in cards). */
  trust: () => Promise<Pick<CardCheck, 'anchors' | 'revoked'>>;
}

/**
 * The card in the desk's reader as the card number enrolment stores for it (electron/core/piv/enrolment.ts):
 * a PIV card's FASC-N digits, a PIV-I card's card UUID as a decimal. The card is named by its PIV
 * Authentication certificate through `identifyCard` (valid, from a trusted issuer, not revoked here,
 * its CHUID signed and its certificate's own), never by its CHUID alone. The one way the card check and
 * the reception's card issue read a card. Each failure says in words what the guard can do.
 */
export async function cardNumberInReader(options: CardInReaderOptions): Promise<CardInReader> {
  const list = await options.readers();
  if (list.readers.length === 0) {
    throw new DeskError('card', `No card reader is connected to this desk${list.pcscProblem ? ` (${list.pcscProblem})` : ''}: connect one, or type the card number`);
  }
  const withCard = list.readers.filter((r) => r.cardPresent);
  if (withCard.length === 0) throw new DeskError('card', 'There is no card in the reader: put the card in, or type its number');
  if (withCard.length > 1) throw new DeskError('card', `There are cards in ${withCard.length} readers: leave only the one to read`);
  const { anchors, revoked } = await options.trust();
  let proof: CardProof;
  try {
    proof = await identifyCard({ cards: options.cards, anchors, revoked, reader: withCard[0]!.name });
  } catch (error) {
    throw readFailure(error);
  }
  return { number: cardNumberOf(proof), label: proof.label };
}

/** The same through the desk's own readers (enrolment's) and its sign-in trust; a desk without readers says so. */
export function deskCardInReader(
  readers: { cardAccess(): CardAccess; readerList(): Promise<ReaderList> } | undefined,
  trust: { inputs(): Promise<Pick<CardCheck, 'anchors' | 'revoked'>> },
): Promise<CardInReader> {
  if (!readers) return Promise.reject(new DeskError('card', 'This desk has no card readers set up: type the card number'));
  return cardNumberInReader({ cards: readers.cardAccess(), readers: () => readers.readerList(), trust: () => trust.inputs() });
}

/** The card number a proven card is enrolled under: its FASC-N's 32 digits on a PIV card, its card UUID as a decimal on a PIV-I card. */
export function cardNumberOf(proof: Pick<CardProof, 'cardId' | 'guidHex' | 'label'>): string {
  const fascn = proof.cardId.length === 50 ? fascnDigitsOf(proof.cardId) : undefined;
  if (fascn && cardKindOfFascn(fascn) === 'piv') return fascn;
  const guid = proof.cardId.length === 32 ? proof.cardId : proof.guidHex;
  if (guid && !/^0+$/.test(guid)) return guidToDecimal(fromHex(guid));
  throw new DeskError('card', `The card in the reader (${proof.label}) is a PIV-I card whose certificate names no card UUID, so it has no card number`);
}

function fascnDigitsOf(hex: string): string | undefined {
  try {
    return fascnToDigits(decodeFascn(fromHex(hex)));
  } catch {
    return undefined;
  }
}

/** A refused read in the card check's words: the sign-in's reasons say "cannot sign in", a card check cannot read. */
function readFailure(error: unknown): DeskError {
  if (!(error instanceof CardRefused)) return error instanceof DeskError ? error : new DeskError('card', 'The card in the reader could not be read: take it out and put it back');
  switch (error.reason) {
    case 'no-card':
      return new DeskError('card', `The card in the reader could not be read (${error.message}): take it out and put it back`);
    case 'not-piv':
      return new DeskError('card', `The card in the reader cannot be read as a PIV card (${error.message.replace(/: it cannot sign in$/, '')}): type the number printed on it`);
    default:
      return new DeskError('card', `The card in the reader was not accepted: ${error.message}`);
  }
}
