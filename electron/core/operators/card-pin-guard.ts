import { CardRefused, type PinAttempt, type PinGuard } from '../piv/sign-in';
import type { CardPresence } from './card-authenticator';
import { CARD_SUBJECT, type PinFailures } from './pin-failures';

/**
 * What the desk adds to a card's own PIN retry counter. The card counts wrong PINs itself and blocks
 * after its issuer's number (often 5); unblocking needs the issuer. Sign-in is a contract call anyone
 * in the page could make, so the desk makes sure nobody can use it to block a card:
 *  - at most PER_INSERTION wrong PINs each time the card goes into the reader: more needs the card taken
 *    out and put back, which only a person at the desk can do;
 *  - a wait after repeated wrong PINs, per card, kept in the local store across restarts;
 *  - the card's last try is never spent: with one left, the desk sends no PIN at all.
 * One card PIN check runs at a time (OperatorSession), so a burst of calls cannot outrun the counts.
 */

export const PER_INSERTION = 2;
/** The wait before the next try after n wrong PINs in a row (index n), ms. */
const WAITS_MS = [0, 0, 30_000, 5 * 60_000];

export class CardPinGuard implements PinGuard {
  /** Per card: the reader insertion its wrong PINs were made in, and how many. */
  private readonly thisInsertion = new Map<string, { insertion: string; wrong: number }>();

  constructor(
    private readonly failures: PinFailures,
    private readonly presence: CardPresence,
    private readonly now: () => number,
  ) {}

  before(attempt: PinAttempt): void {
    if (attempt.triesLeft === 0) throw new CardRefused('pin-blocked', 'The card is locked after too many wrong PINs: its issuer can unblock it');
    if (attempt.triesLeft === 1) {
      throw new CardRefused(
        'pin-guard',
        'This card has one PIN try left. The desk never uses a card’s last try, so nobody can lock a card from here: its issuer can reset the PIN',
      );
    }
    const here = this.thisInsertion.get(attempt.cardId);
    if (here && here.insertion === this.insertionOf(attempt) && here.wrong >= PER_INSERTION) {
      throw new CardRefused('pin-guard', `${PER_INSERTION} wrong PINs were tried with this card: take it out of the reader and put it back to try again`);
    }
    const { count, last } = this.failures.of(CARD_SUBJECT + attempt.cardId);
    const waitMs = last + (WAITS_MS[Math.min(count, WAITS_MS.length - 1)] ?? 0) - this.now();
    if (waitMs > 0) throw new CardRefused('pin-guard', `Too many wrong PINs with this card: try again in ${waitWords(waitMs)}`);
  }

  after(attempt: PinAttempt, verified: boolean): void {
    const subject = CARD_SUBJECT + attempt.cardId;
    if (verified) {
      this.failures.clear(subject);
      this.thisInsertion.delete(attempt.cardId);
      return;
    }
    this.failures.record(subject);
    const insertion = this.insertionOf(attempt);
    const here = this.thisInsertion.get(attempt.cardId);
    this.thisInsertion.set(attempt.cardId, { insertion, wrong: here?.insertion === insertion ? here.wrong + 1 : 1 });
  }

  private insertionOf(attempt: PinAttempt): string {
    const reader = attempt.reader ?? '';
    return `${reader}#${this.presence.insertion(reader)}`;
  }
}

/** A wait in words: seconds under a minute, whole minutes (rounded up) from there. */
export function waitWords(ms: number): string {
  if (ms <= 59_000) return `${Math.ceil(ms / 1000)} s`;
  return `${Math.ceil(ms / 60_000)} min`;
}
