/**
 * Signing in with the operator's own PIV card: `authenticateCard` proves which card is in the reader
 * (certificate valid, trusted, not revoked; the card named by its certificate, the CHUID signed and
 * the certificate's own; PIN verified on the card; challenge signed by its key) and answers a CardProof
 * the operator roster matches by `cardId`. `identifyCard` names the card in the reader with the same
 * checks but no PIN, for linking a card to a roster entry. Every refusal is a CardRefused.
 */
export { authenticateCard, authenticateCardOn, identifyCard } from './authenticate-card';
export type { AuthenticateCardOptions, CardAccess, CardCheck, CardProof, PinAttempt, PinGuard, RevokedCardEntry } from './card-proof';
export { CardRefused, type RefusedCard } from './card-refused';
export { certificateCardIds, provenCardId } from './certificate-identity';
export { sameSerial } from './certificate-trust';
