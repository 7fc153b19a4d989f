import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { CHUID_TAGS } from '../../../shared/piv/card/card-objects';
import { encodeFascn, fascnFromDigits } from '../../../shared/piv/card/fascn';
import { concatBytes, encodeTlv } from '../../../shared/piv/card/tlv';
import type { IssuedCertificate } from './test-credentials';

/**
 * A synthetic CHUID signed the way issuers sign real ones (SP 800-73-4, SP 800-78): a detached CMS
 * SignedData over the elements before the signature, with contentType id-PIV-CHUIDSecurityObject and
 * messageDigest signed attributes, carrying the content-signing certificate.
 */

export interface ChuidContent {
  fascnDigits: string;
  guid: Uint8Array;
  /** YYYYMMDD */
  expirationDate: string;
  orgIdentifier?: string;
  duns?: string;
}

const ID_PIV_CHUID_SECURITY_OBJECT = '2.16.840.1.101.3.6.1';
const ID_CONTENT_TYPE = '1.2.840.113549.1.9.3';
const ID_MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const ID_SIGNED_DATA = '1.2.840.113549.1.7.2';

const ascii = (text: string) => new TextEncoder().encode(text);

export async function buildSignedChuid(content: ChuidContent, signer: IssuedCertificate): Promise<Uint8Array> {
  const elements = concatBytes(
    encodeTlv(CHUID_TAGS.fascn, encodeFascn(fascnFromDigits(content.fascnDigits))),
    ...(content.orgIdentifier ? [encodeTlv(CHUID_TAGS.orgIdentifier, ascii(content.orgIdentifier))] : []),
    ...(content.duns ? [encodeTlv(CHUID_TAGS.duns, ascii(content.duns))] : []),
    encodeTlv(CHUID_TAGS.guid, content.guid),
    encodeTlv(CHUID_TAGS.expirationDate, ascii(content.expirationDate)),
  );
  const signature = await signDetached(elements, signer);
  return concatBytes(
    elements,
    encodeTlv(CHUID_TAGS.issuerSignature, signature),
    encodeTlv(CHUID_TAGS.errorDetectionCode, new Uint8Array(0)),
  );
}

async function signDetached(content: Uint8Array, signer: IssuedCertificate): Promise<Uint8Array> {
  const certificate = pkijs.Certificate.fromBER(signer.der.slice().buffer);
  const digest = await crypto.subtle.digest('SHA-256', content.slice());
  const signedData = new pkijs.SignedData({
    version: 3,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: ID_PIV_CHUID_SECURITY_OBJECT }),
    certificates: [certificate],
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({ type: ID_CONTENT_TYPE, values: [new asn1js.ObjectIdentifier({ value: ID_PIV_CHUID_SECURITY_OBJECT })] }),
            new pkijs.Attribute({ type: ID_MESSAGE_DIGEST, values: [new asn1js.OctetString({ valueHex: digest })] }),
          ],
        }),
      }),
    ],
  });
  await signedData.sign(signer.keys.privateKey, 0, 'SHA-256', content.slice().buffer);
  const contentInfo = new pkijs.ContentInfo({ contentType: ID_SIGNED_DATA, content: signedData.toSchema(true) });
  return new Uint8Array(contentInfo.toSchema().toBER(false));
}
