import type { SignInRefusal } from '../../../../shared/contract/operators';
import { DeskError } from '../../../../shared/errors';
import { isPivError } from '../../../../shared/piv/card/errors';

/** The card a refusal was about, as its certificate names it: never a PIN, never a key. */
export interface RefusedCard {
  /** The PIV Authentication certificate's subject, common name first. */
  subject: string;
  /** Its serial number, hex. */
  serial: string;
}

/**
 * A card sign-in (or link) refused: what the guard is told (the message, code 'card' across the
 * contract), why in one word for the audit log, and which card where its certificate could be read.
 */
export class CardRefused extends DeskError {
  card: RefusedCard | undefined;

  constructor(
    readonly reason: SignInRefusal,
    message: string,
    card?: RefusedCard,
  ) {
    super('card', message);
    this.name = 'CardRefused';
    this.card = card;
  }
}

/** Runs `check` about `card`: whatever it throws becomes a refusal naming the card, if it did not already. */
export async function aboutCard<T>(card: RefusedCard, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    const refused = asCardRefusal(error);
    refused.card ??= card;
    throw refused;
  }
}

/** Any failure of a card sign-in as a refusal: the card's own words where it gave them. */
export function asCardRefusal(error: unknown): CardRefused {
  if (error instanceof CardRefused) return error;
  if (isPivError(error, 'pin-blocked')) return new CardRefused('pin-blocked', 'The card is locked after too many wrong PINs: its issuer can unblock it');
  if (isPivError(error, 'not-piv') || isPivError(error, 'malformed-data') || isPivError(error, 'truncated-response')) {
    return new CardRefused('not-piv', error.message);
  }
  if (isPivError(error)) return new CardRefused('no-card', error.message);
  return new CardRefused('no-card', 'The card could not be read for sign-in');
}
