import type { CardChannel } from '../../../../shared/piv/card/card-objects';
import type { RefusedCard } from './card-refused';

/**
 * What signing in with a PIV card proves and what it needs. The proof says which card answered (its
 * id is what the roster links), never anything secret: the PIN is used once, on the card, and dropped.
 */

export interface CardProof {
  /**
   * Which card, as its PIV Authentication certificate names it (never the CHUID alone): the FASC-N as
   * hex (50 digits), or the card UUID as hex (32) where the certificate's FASC-N is absent or names no credential.
   */
  cardId: string;
  /** What the roster shows: "PIV · agency 4700 · card 001337". */
  label: string;
  /** The card UUID the certificate names, as hex (32), where it names one: a PIV-I card's number is made from it. */
  guidHex?: string;
  /** The PIV Authentication certificate's subject, common name first. */
  subject: string;
  /** When the PIV Authentication certificate expires (ms since the epoch). */
  expiresAt: number;
  /** The PIV Authentication certificate's serial number, hex as OpenSSL prints it. */
  serial: string;
  /** The reader the card answered from. */
  reader?: string;
}

/** A card the installer revoked at this desk: by card id, by certificate serial, or both. */
export interface RevokedCardEntry {
  cardId?: string;
  serial?: string;
}

/** How sign-in reaches a card: the desk's card readers (demo and PC/SC) or a single reader service. */
export interface CardAccess {
  /** Runs `use` with the card in `reader` (the only card present when absent), connected for that long; `use` learns the reader's name. */
  withCard<T>(reader: string | undefined, use: (channel: CardChannel, reader: { name: string }) => Promise<T>): Promise<T>;
}

/** A PIN about to go to a card: which card (as its certificate proved so far), where, and the card's own retry counter. */
export interface PinAttempt {
  cardId: string;
  card: RefusedCard;
  reader: string | undefined;
  /** The card's retry counter before this try; undefined where the card does not say. */
  triesLeft: number | undefined;
}

/**
 * What the desk adds to the card's own retry counter (electron/core/operators/card-pin-guard.ts): it may
 * refuse to send a PIN (a CardRefused 'pin-guard') and is told how each try went.
 */
export interface PinGuard {
  before(attempt: PinAttempt): void;
  after(attempt: PinAttempt, verified: boolean): void;
}

export interface CardCheck {
  pin: string;
  /** DER of each CA certificate the installer trusts to issue operators' cards. */
  anchors: readonly Uint8Array[];
  revoked: readonly RevokedCardEntry[];
  /** The time the certificate must be valid at; now when absent. */
  now?: Date | number;
  /** The desk's own limits on PIN tries; none when absent (tests of the card alone). */
  pinGuard?: PinGuard;
}

export interface AuthenticateCardOptions extends CardCheck {
  cards: CardAccess;
  reader?: string;
}
