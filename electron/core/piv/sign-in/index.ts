/**
 * Signing in with the operator's own PIV card: `authenticateCard` proves which card is in the reader
 * (certificate valid, trusted, not revoked; PIN verified on the card; challenge signed by its key) and
 * answers a CardProof the operator roster matches by `cardId`.
 */
export { authenticateCard, authenticateCardOn } from './authenticate-card';
export type { AuthenticateCardOptions, CardAccess, CardCheck, CardProof, RevokedCardEntry } from './card-proof';
export { sameSerial } from './certificate-trust';
