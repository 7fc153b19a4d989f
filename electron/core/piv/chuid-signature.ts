import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { PivError } from '../../../shared/piv/card/errors';

/**
 * The CHUID's issuer asymmetric signature: a CMS SignedData (detached, over the CHUID elements before
 * the signature) that carries the content-signing certificate. Gatehouse sends that certificate as
 * `pivData.contentSigningCert`, and checks the signature so the operator sees a tampered CHUID.
 */

export interface ContentSigner {
  /** DER of the content-signing certificate found in the SignedData. */
  certificate: Uint8Array;
  /** Whether the SignedData's signature holds over the CHUID content with that certificate. */
  signatureValid: boolean;
}

const WHAT = 'CHUID issuer signature';

export async function readContentSigner(issuerSignature: Uint8Array, signedContent: Uint8Array): Promise<ContentSigner> {
  let signedData: pkijs.SignedData;
  try {
    const asn1 = asn1js.fromBER(toArrayBuffer(issuerSignature));
    if (asn1.offset === -1) throw new Error(asn1.result.error || 'not DER');
    const contentInfo = new pkijs.ContentInfo({ schema: asn1.result });
    if (contentInfo.contentType !== pkijs.ContentInfo.SIGNED_DATA) throw new Error(`content type ${contentInfo.contentType}`);
    signedData = new pkijs.SignedData({ schema: contentInfo.content });
  } catch (error) {
    throw new PivError('malformed-data', `${WHAT}: not a CMS SignedData (${(error as Error).message})`, { cause: error });
  }
  const certificate = signedData.certificates?.find((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  if (!certificate) throw new PivError('malformed-data', `${WHAT}: the SignedData carries no content-signing certificate`);
  return {
    certificate: new Uint8Array(certificate.toSchema().toBER(false)),
    signatureValid: await verifies(signedData, signedContent),
  };
}

async function verifies(signedData: pkijs.SignedData, signedContent: Uint8Array): Promise<boolean> {
  try {
    const result = await signedData.verify({ signer: 0, data: toArrayBuffer(signedContent), checkChain: false });
    return result === true;
  } catch {
    // pkijs reports a bad signature by throwing; the operator is told "signature not valid", not why.
    return false;
  }
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.slice().buffer;
}
