import type { PinGuard } from '../piv/sign-in/card-proof';

/**
 * What the operator session needs from the card reader, kept to an interface so the session does not
 * depend on how the card proof is made (electron/core/piv/sign-in/ makes it: chain, PIN, challenge).
 */

/** A card that proved itself: its certificate chains to the desk's trust anchors, the PIN was verified on
 * the card, and the card signed a fresh challenge with its PIV Authentication key. */
export interface CardSignInProof {
  /** The card's FASC-N (or card UUID) as its PIV Authentication certificate names it, as hex: how the roster knows the card. */
  cardId: string;
  /** "PIV · agency 1234 · card 000042". */
  label: string;
  /** The PIV Authentication certificate's expiry (ms since the epoch). */
  expiresAt?: number;
  /** The reader it was in: taking it out of this reader locks the desk when the card stays in the reader. */
  reader?: string;
  /** Its PIV Authentication certificate's subject and serial, for the audit log. */
  subject?: string;
  serial?: string;
}

/** A card read without its PIN, for linking it to an operator: who it says it is, not yet proven. */
export type CardIdentity = CardSignInProof;

export interface CardAuthenticator {
  /**
   * Proves the card in `reader` (the only reader with a card, when absent). Throws a DeskError saying
   * why in a guard's words: expired, revoked, not from a trusted issuer, wrong PIN (tries left), locked,
   * failed the challenge, no card.
   */
  authenticate(request: { reader?: string; pin: string; pinGuard?: PinGuard }): Promise<CardSignInProof>;
  /**
   * Names the card in the reader without its PIN, for linking and for the card put back within the
   * card-removed grace: every check of sign-in but the PIN and the challenge (certificate trusted, the
   * card named by it, the CHUID signed and the certificate's own). The card still proves itself at every
   * sign-in, so a copy linked by mistake can never sign anyone in.
   */
  identify(request: { reader?: string }): Promise<CardIdentity>;
}

/** The reader's card events the lock and the card PIN guard follow. */
export interface CardPresence {
  /** Calls `listener` with the reader's name each time a card leaves a reader; returns the unsubscribe. */
  onRemoved(listener: (reader: string) => void): () => void;
  /** Calls `listener` with the reader's name each time a card goes into a reader; returns the unsubscribe. */
  onInserted(listener: (reader: string) => void): () => void;
  /** How many times a card has gone into `reader` since the desk started (0: none seen yet). */
  insertion(reader: string): number;
}
