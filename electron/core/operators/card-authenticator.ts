/**
 * What the operator session needs from the card reader, kept to an interface so the session does not
 * depend on how the card proof is made (electron/core/piv/sign-in/ makes it: chain, PIN, challenge).
 */

/** A card that proved itself: its certificate chains to the desk's trust anchors, the PIN was verified on
 * the card, and the card signed a fresh challenge with its PIV Authentication key. */
export interface CardSignInProof {
  /** The card's FASC-N (or the CHUID's card UUID), as hex: how the roster knows the card. */
  cardId: string;
  /** "PIV · agency 1234 · card 000042". */
  label: string;
  /** The PIV Authentication certificate's expiry (ms since the epoch). */
  expiresAt?: number;
  /** The reader it was in: taking it out of this reader locks the desk when the card stays in the reader. */
  reader?: string;
}

/** A card read without its PIN, for linking it to an operator: who it says it is, not yet proven. */
export type CardIdentity = CardSignInProof;

export interface CardAuthenticator {
  /**
   * Proves the card in `reader` (the only reader with a card, when absent). Throws a DeskError saying
   * why in a guard's words: expired, revoked, not from a trusted issuer, wrong PIN (tries left), locked,
   * failed the challenge, no card.
   */
  authenticate(request: { reader?: string; pin: string }): Promise<CardSignInProof>;
  /**
   * Reads the card's CHUID and PIV Authentication certificate without its PIN, for linking. Linking
   * does not need proof: the card still proves itself (PIN and challenge) at every sign-in, so a copied
   * CHUID linked by mistake can never sign in.
   */
  identify(request: { reader?: string }): Promise<CardIdentity>;
}

/** The reader's card events the lock follows ("card stays in the reader"). */
export interface CardPresence {
  /** Calls `removed` with the reader's name each time a card leaves a reader; returns the unsubscribe. */
  onRemoved(listener: (reader: string) => void): () => void;
}
