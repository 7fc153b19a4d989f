import { DeskError } from '../../../shared/errors';
import { PIV_OBJECT_TAGS } from '../../../shared/piv/card/card-objects';
import { isPivError } from '../../../shared/piv/card/errors';
import { readCertificateObject } from '../piv/certificates';
import { parseChuid } from '../piv/chuid';
import { PivApplication } from '../piv/piv-application';
import { authenticateCard, type CardAccess } from '../piv/sign-in';
import { parseCertificate } from '../piv/sign-in/certificate-trust';
import { cardIdentity } from '../piv/sign-in/card-identity';
import type { SignInCheckInputs } from '../sign-in-trust/sign-in-trust-store';
import type { CardAuthenticator } from './card-authenticator';

/**
 * The desk's readers as the operator session's CardAuthenticator: sign-in is `authenticateCard` (chain
 * to the installer's anchors, not revoked, PIN verified on the card, challenge signed), linking reads the
 * CHUID and the PIV Authentication certificate only, naming the card exactly as sign-in will.
 */
export function pivCardAuthenticator(cards: CardAccess, trust: () => Promise<SignInCheckInputs>): CardAuthenticator {
  return {
    async authenticate({ reader, pin }) {
      const { anchors, revoked } = await trust();
      const proof = await authenticateCard({ cards, pin, anchors, revoked, ...(reader ? { reader } : {}) });
      return { cardId: proof.cardId, label: proof.label, expiresAt: proof.expiresAt, ...(reader ? { reader } : {}) };
    },
    async identify({ reader }) {
      try {
        return await cards.withCard(reader, async (channel) => {
          const app = new PivApplication(channel);
          await app.select();
          const chuid = await app.getData(PIV_OBJECT_TAGS.chuid, 'CHUID');
          if (!chuid) throw new DeskError('card', 'This card has no CHUID, which every PIV card holds: it cannot be linked');
          const identity = cardIdentity(chuid, parseChuid(chuid));
          const certificate = await app.getData(PIV_OBJECT_TAGS.pivAuthenticationCert, 'PIV Authentication certificate');
          if (!certificate) throw new DeskError('card', 'This card has no PIV Authentication certificate: it could never sign in, so it is not linked');
          const expiresAt = new Date(parseCertificate(readCertificateObject(certificate, 'PIV Authentication certificate').der).validTo).getTime();
          return { cardId: identity.cardId, label: identity.label, expiresAt };
        });
      } catch (error) {
        // The card's own words (no card, removed, not a PIV card) as a DeskError the screens show.
        if (isPivError(error)) throw new DeskError('card', error.message);
        throw error;
      }
    },
  };
}
