import type { X509Certificate } from 'node:crypto';
import { PIV_OBJECT_TAGS, type CardChannel } from '../../../../shared/piv/card/card-objects';
import { readCertificateObject, summariseCertificate } from '../certificates';
import { parseChuid } from '../chuid';
import { PivApplication } from '../piv-application';
import type { AuthenticateCardOptions, CardCheck, CardProof, PinAttempt } from './card-proof';
import { aboutCard, asCardRefusal, CardRefused } from './card-refused';
import { certificateCardIds, provenCardId } from './certificate-identity';
import { checkChain, checkNotRevoked, checkValidity, parseCertificate } from './certificate-trust';
import { proveCardHoldsKey } from './challenge';
import { checkChuid } from './chuid-check';

/**
 * Signing in with a PIV card, the way FIPS 201-3 authenticates a person with one (PKI-AUTH): SELECT,
 * read the CHUID and the PIV Authentication certificate, accept the certificate only if it is valid
 * now, chains to a CA the installer trusts and is not revoked at this desk, take the card's identity
 * from the certificate (chuid-check.ts holds the CHUID to it), VERIFY the PIN on the card, then have
 * the card sign a fresh challenge with its PIV Authentication key. The certificate checks come before
 * the PIN, so a refused card never costs its holder a PIN try.
 *
 * Every refusal is a CardRefused saying why, naming the card once its certificate is read. The PIN
 * goes to the card and nowhere else.
 */
export async function authenticateCard(options: AuthenticateCardOptions): Promise<CardProof> {
  const { cards, reader, ...check } = options;
  try {
    return await cards.withCard(reader, (channel, at) => authenticate(channel, at.name, check));
  } catch (error) {
    throw asCardRefusal(error);
  }
}

/** The same, over a card channel already connected (tests, and shells holding a channel of their own). */
export async function authenticateCardOn(channel: CardChannel, check: CardCheck, reader?: string): Promise<CardProof> {
  try {
    return await authenticate(channel, reader, check);
  } catch (error) {
    throw asCardRefusal(error);
  }
}

/**
 * Which card is in the reader, with every check but the PIN and the challenge (certificate valid,
 * trusted, not revoked, naming the card; CHUID signed and the certificate's): what linking a card to a
 * roster entry needs. It proves nothing about who holds the card; sign-in is `authenticateCard`.
 */
export async function identifyCard(options: Omit<AuthenticateCardOptions, 'pin' | 'pinGuard'>): Promise<CardProof> {
  const { cards, reader, ...check } = options;
  try {
    return await cards.withCard(reader, async (channel, at) => (await inspect(new PivApplication(channel), at.name, check)).proof);
  } catch (error) {
    throw asCardRefusal(error);
  }
}

async function authenticate(channel: CardChannel, reader: string | undefined, check: CardCheck): Promise<CardProof> {
  const app = new PivApplication(channel);
  const { proof, certificate } = await inspect(app, reader, check);
  const card = { subject: proof.subject, serial: proof.serial };
  return aboutCard(card, async () => {
    const attempt: PinAttempt = { cardId: proof.cardId, card, reader, triesLeft: await app.pinTriesLeft() };
    check.pinGuard?.before(attempt);
    await verifyPin(app, check, attempt);
    await proveCardHoldsKey(app, certificate);
    return proof;
  });
}

/** SELECT, CHUID and PIV Authentication certificate, every check of the certificate, and the CHUID held to it. */
async function inspect(
  app: PivApplication,
  reader: string | undefined,
  check: Omit<CardCheck, 'pin' | 'pinGuard'>,
): Promise<{ proof: CardProof; certificate: X509Certificate }> {
  const now = new Date(check.now ?? Date.now());
  await app.select();
  const chuidObject = await app.getData(PIV_OBJECT_TAGS.chuid, 'CHUID');
  if (!chuidObject) throw new CardRefused('not-piv', 'This card has no CHUID, which every PIV card holds: it cannot sign in');
  const chuid = parseChuid(chuidObject);
  const certificateObject = await app.getData(PIV_OBJECT_TAGS.pivAuthenticationCert, 'PIV Authentication certificate');
  if (!certificateObject) throw new CardRefused('not-piv', 'This card has no PIV Authentication certificate: it cannot sign in');
  const { der } = readCertificateObject(certificateObject, 'PIV Authentication certificate');
  const certificate = parseCertificate(der);
  const summary = summariseCertificate(der, 'PIV Authentication certificate');
  const card = { subject: summary.subject, serial: certificate.serialNumber };

  return aboutCard(card, async () => {
    const named = await certificateCardIds(der);
    const id = provenCardId(named);
    checkNotRevoked(id.cardId, certificate.serialNumber, check.revoked);
    checkValidity(certificate, now);
    await checkChain(der, check.anchors, now, summary.issuer);
    await checkChuid({ chuidObject, chuid, certificate: named, anchors: check.anchors, now });
    const proof: CardProof = {
      cardId: id.cardId,
      label: id.label,
      ...(named.guidHex ? { guidHex: named.guidHex } : {}),
      subject: summary.subject,
      expiresAt: new Date(certificate.validTo).getTime(),
      serial: certificate.serialNumber,
      ...(reader ? { reader } : {}),
    };
    return { proof, certificate };
  });
}

async function verifyPin(app: PivApplication, check: CardCheck, attempt: PinAttempt): Promise<void> {
  const outcome = await app.tryPin(check.pin);
  check.pinGuard?.after(attempt, outcome.verified);
  if (outcome.verified) return;
  const left = outcome.triesLeft;
  if (left === 0) throw new CardRefused('pin-blocked', 'Wrong PIN: the card is now locked after too many wrong PINs');
  throw new CardRefused('wrong-pin', `Wrong PIN: ${left} ${left === 1 ? 'try' : 'tries'} left before the card locks`);
}
