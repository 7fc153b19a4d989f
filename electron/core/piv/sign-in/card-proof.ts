import type { CardChannel } from '../../../../shared/piv/card/card-objects';

/**
 * What signing in with a PIV card proves and what it needs. The proof says which card answered (its
 * id is what the roster links), never anything secret: the PIN is used once, on the card, and dropped.
 */

export interface CardProof {
  /** The FASC-N as hex (50 digits), or the card UUID as hex (32) where the FASC-N is the no-credential pattern. */
  cardId: string;
  /** What the roster shows: "PIV · agency 4700 · card 001337". */
  label: string;
  /** The PIV Authentication certificate's subject, common name first. */
  subject: string;
  /** When the PIV Authentication certificate expires (ms since the epoch). */
  expiresAt: number;
  /** The PIV Authentication certificate's serial number, hex as OpenSSL prints it. */
  serial: string;
}

/** A card the installer revoked at this desk: by card id, by certificate serial, or both. */
export interface RevokedCardEntry {
  cardId?: string;
  serial?: string;
}

/** How sign-in reaches a card: the desk's card readers (demo and PC/SC) or a single reader service. */
export interface CardAccess {
  /** Runs `use` with the card in `reader` (the only card present when absent), connected for that long. */
  withCard<T>(reader: string | undefined, use: (channel: CardChannel) => Promise<T>): Promise<T>;
}

export interface CardCheck {
  pin: string;
  /** DER of each CA certificate the installer trusts to issue operators' cards. */
  anchors: readonly Uint8Array[];
  revoked: readonly RevokedCardEntry[];
  /** The time the certificate must be valid at; now when absent. */
  now?: Date | number;
}

export interface AuthenticateCardOptions extends CardCheck {
  cards: CardAccess;
  reader?: string;
}
