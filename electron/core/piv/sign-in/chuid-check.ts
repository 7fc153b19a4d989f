import { X509Certificate } from 'node:crypto';
import { CHUID_TAGS } from '../../../../shared/piv/card/card-objects';
import { isPivError } from '../../../../shared/piv/card/errors';
import { toHex } from '../../../../shared/piv/card/hex';
import { findTlv, readTlvList } from '../../../../shared/piv/card/tlv';
import type { Chuid } from '../chuid';
import { summariseCertificate } from '../certificates';
import { CardRefused } from './card-refused';
import { namesNoCredential, type CertificateCardIds } from './certificate-identity';
import { chainsToAnchor } from './certificate-trust';

/**
 * The CHUID checked against the certificate the challenge proves (FIPS 201-3 §4.2.1, SP 800-73-4 part 1
 * §3.1.2, SP 800-76 for the signed-object rules): its issuer signature must verify, be made by a PIV
 * content signer (extended key usage id-PIV-content-signing) that chains to a CA this desk trusts, and
 * the FASC-N and card UUID it carries must be the certificate's. Anyone can read a CHUID without a PIN
 * and write one onto a card, so a CHUID that is not the certificate's own is a copy and is refused.
 */

const ID_PIV_CONTENT_SIGNING = '2.16.840.1.101.3.6.7';

export interface ChuidCheck {
  chuidObject: Uint8Array;
  chuid: Chuid;
  /** What the PIV Authentication certificate names. */
  certificate: CertificateCardIds;
  /** The CAs the content signer must chain to. */
  anchors: readonly Uint8Array[];
  now: Date;
}

export async function checkChuid(check: ChuidCheck): Promise<void> {
  checkChuidNamesCertificateCard(check.chuidObject, check.chuid, check.certificate);
  await checkSignature(check);
}

/** The FASC-N and card UUID in the CHUID equal the certificate's; a CardRefused 'chuid-mismatch' says which differs. */
export function checkChuidNamesCertificateCard(chuidObject: Uint8Array, chuid: Chuid, certificate: CertificateCardIds): void {
  const chuidFascnHex = toHex(findTlv(readTlvList(chuidObject, 'CHUID'), CHUID_TAGS.fascn)?.value ?? new Uint8Array(0));
  const chuidGuidHex = toHex(chuid.guid);
  if (certificate.fascnHex !== undefined && certificate.fascnHex !== chuidFascnHex) {
    throw new CardRefused('chuid-mismatch', "This card's CHUID names another card than its certificate (their FASC-Ns differ): it was copied");
  }
  if (certificate.fascnHex === undefined && !namesNoCredential(chuid.fascn)) {
    throw new CardRefused(
      'chuid-mismatch',
      `This card's CHUID names credential ${chuid.fascn.agencyCode}-${chuid.fascn.credentialNumber}, which its certificate does not carry: the CHUID was copied`,
    );
  }
  if (certificate.guidHex !== undefined && certificate.guidHex !== chuidGuidHex) {
    throw new CardRefused('chuid-mismatch', "This card's CHUID names another card than its certificate (their card UUIDs differ): it was copied");
  }
}

async function checkSignature({ chuid, anchors, now }: ChuidCheck): Promise<void> {
  // pkijs (CMS) loads with the first card, as for reading one.
  const { readContentSigner } = await import('../chuid-signature');
  let signer: Awaited<ReturnType<typeof readContentSigner>>;
  try {
    signer = await readContentSigner(chuid.issuerSignature, chuid.signedContent);
  } catch (error) {
    if (!isPivError(error)) throw error;
    throw new CardRefused('chuid-signature', "This card's CHUID signature cannot be read, so the CHUID cannot be trusted");
  }
  if (!signer.signatureValid) {
    throw new CardRefused('chuid-signature', "This card's CHUID signature does not verify: the CHUID was altered after its issuer signed it");
  }
  if (!isContentSigner(signer.certificate)) {
    throw new CardRefused('chuid-signature', "This card's CHUID was signed by a certificate that is not a PIV content signer");
  }
  if (!(await chainsToAnchor(signer.certificate, anchors, now))) {
    const { subject } = summariseCertificate(signer.certificate, 'CHUID content-signing certificate');
    throw new CardRefused('chuid-signature', `This card's CHUID was signed by ${subject}, which this desk does not trust`);
  }
}

function isContentSigner(der: Uint8Array): boolean {
  try {
    return new X509Certificate(Buffer.from(der)).keyUsage?.includes(ID_PIV_CONTENT_SIGNING) ?? false;
  } catch {
    return false;
  }
}
