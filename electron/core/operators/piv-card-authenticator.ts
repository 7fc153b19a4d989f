import { authenticateCard, identifyCard, type CardAccess } from '../piv/sign-in';
import type { SignInCheckInputs } from '../sign-in-trust/sign-in-trust-store';
import type { CardAuthenticator } from './card-authenticator';

/**
 * The desk's readers as the operator session's CardAuthenticator: sign-in is `authenticateCard` (chain
 * to the installer's anchors, not revoked, the card named by its certificate and the CHUID held to it,
 * PIN verified on the card within the desk's guard, challenge signed); linking is `identifyCard`, the
 * same checks without the PIN, so a card is linked by exactly the id sign-in will prove.
 */
export function pivCardAuthenticator(cards: CardAccess, trust: () => Promise<SignInCheckInputs>): CardAuthenticator {
  return {
    async authenticate({ reader, pin, pinGuard }) {
      const { anchors, revoked } = await trust();
      const proof = await authenticateCard({ cards, pin, anchors, revoked, ...(reader ? { reader } : {}), ...(pinGuard ? { pinGuard } : {}) });
      return { cardId: proof.cardId, label: proof.label, expiresAt: proof.expiresAt, subject: proof.subject, serial: proof.serial, ...(proof.reader ? { reader: proof.reader } : {}) };
    },
    async identify({ reader }) {
      const { anchors, revoked } = await trust();
      const proof = await identifyCard({ cards, anchors, revoked, ...(reader ? { reader } : {}) });
      return { cardId: proof.cardId, label: proof.label, expiresAt: proof.expiresAt, subject: proof.subject, serial: proof.serial };
    },
  };
}
