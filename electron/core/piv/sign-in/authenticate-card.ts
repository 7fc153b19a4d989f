import { DeskError } from '../../../../shared/errors';
import { PIV_OBJECT_TAGS, type CardChannel } from '../../../../shared/piv/card/card-objects';
import { isPivError } from '../../../../shared/piv/card/errors';
import { readCertificateObject, summariseCertificate } from '../certificates';
import { parseChuid } from '../chuid';
import { PivApplication } from '../piv-application';
import { cardIdentity, type CardIdentity } from './card-identity';
import type { AuthenticateCardOptions, CardCheck, CardProof } from './card-proof';
import { certificateCardIds, checkChain, checkNotRevoked, checkValidity, parseCertificate } from './certificate-trust';
import { proveCardHoldsKey } from './challenge';

/**
 * Signing in with a PIV card, the way FIPS 201-3 authenticates a person with one (PKI-AUTH): SELECT,
 * read the CHUID and the PIV Authentication certificate, accept the certificate only if it is valid
 * now, chains to a CA the installer trusts and is not revoked at this desk, VERIFY the PIN on the card,
 * then have the card sign a fresh challenge with its PIV Authentication key. The certificate checks
 * come before the PIN, so a refused card never costs its holder a PIN try.
 *
 * Every refusal is a DeskError 'card' saying why. The PIN goes to the card and nowhere else.
 */
export async function authenticateCard(options: AuthenticateCardOptions): Promise<CardProof> {
  const { cards, reader, ...check } = options;
  try {
    return await cards.withCard(reader, (channel) => authenticateCardOn(channel, check));
  } catch (error) {
    throw asCardError(error);
  }
}

/** The same, over a card channel already connected (tests, and shells holding a channel of their own). */
export async function authenticateCardOn(channel: CardChannel, check: CardCheck): Promise<CardProof> {
  try {
    return await authenticate(channel, check);
  } catch (error) {
    throw asCardError(error);
  }
}

async function authenticate(channel: CardChannel, check: CardCheck): Promise<CardProof> {
  const now = new Date(check.now ?? Date.now());
  const app = new PivApplication(channel);
  await app.select();
  const chuidObject = await app.getData(PIV_OBJECT_TAGS.chuid, 'CHUID');
  if (!chuidObject) throw new DeskError('card', 'This card has no CHUID, which every PIV card holds: it cannot sign in');
  const identity = cardIdentity(chuidObject, parseChuid(chuidObject));
  const certificateObject = await app.getData(PIV_OBJECT_TAGS.pivAuthenticationCert, 'PIV Authentication certificate');
  if (!certificateObject) throw new DeskError('card', 'This card has no PIV Authentication certificate: it cannot sign in');
  const { der } = readCertificateObject(certificateObject, 'PIV Authentication certificate');
  const certificate = parseCertificate(der);
  const summary = summariseCertificate(der, 'PIV Authentication certificate');

  checkNotRevoked(identity.cardId, certificate.serialNumber, check.revoked);
  checkValidity(certificate, now);
  await checkChain(der, check.anchors, now, summary.issuer);
  checkSameCard(identity, await certificateCardIds(der));
  await verifyPin(app, check.pin);
  await proveCardHoldsKey(app, certificate);

  return {
    cardId: identity.cardId,
    label: identity.label,
    subject: summary.subject,
    expiresAt: new Date(certificate.validTo).getTime(),
    serial: certificate.serialNumber,
  };
}

/** A certificate naming another card than the CHUID does was copied onto this one. */
function checkSameCard(identity: CardIdentity, named: { fascnHex?: string; guidHex?: string }): void {
  const fascnDiffers = named.fascnHex !== undefined && named.fascnHex !== identity.fascnHex;
  const guidDiffers = named.guidHex !== undefined && named.guidHex !== identity.guidHex;
  if (fascnDiffers || guidDiffers) throw new DeskError('card', "This card's certificate belongs to another card");
}

async function verifyPin(app: PivApplication, pin: string): Promise<void> {
  const outcome = await app.tryPin(pin);
  if (outcome.verified) return;
  const left = outcome.triesLeft;
  if (left === 0) throw new DeskError('card', 'Wrong PIN: the card is now locked after too many wrong PINs');
  throw new DeskError('card', `Wrong PIN: ${left} ${left === 1 ? 'try' : 'tries'} left before the card locks`);
}

function asCardError(error: unknown): DeskError {
  if (error instanceof DeskError) return error;
  if (isPivError(error, 'pin-blocked')) return new DeskError('card', 'The card is locked after too many wrong PINs: its issuer can unblock it');
  if (isPivError(error)) return new DeskError('card', error.message);
  return new DeskError('card', 'The card could not be read for sign-in');
}
