import { gunzipSync } from 'node:zlib';
import { X509Certificate } from 'node:crypto';
import type { CertificateSummary } from '../../../shared/piv/card-read';
import { PivError } from '../../../shared/piv/card/errors';
import { readTlvList, requireTlv, findTlv } from '../../../shared/piv/card/tlv';

/**
 * X.509 certificate objects (SP 800-73-4 part 1, 3.1.x): certificate (70), CertInfo (71, bit 0 set =
 * gzip-compressed certificate), MSCUID (72), error detection code (FE). Certificates are parsed with
 * Node's X509Certificate (OpenSSL) for what enrolment shows: subject, issuer, validity.
 */

const COMPRESSED_FLAG = 0x01;

/** The DER certificate in a certificate object, inflated when the CertInfo flag says so. */
export function readCertificateObject(object: Uint8Array, what: string): { der: Uint8Array; compressed: boolean } {
  const elements = readTlvList(object, what);
  const stored = requireTlv(elements, 0x70, what, 'certificate');
  const certInfo = findTlv(elements, 0x71)?.value;
  const compressed = certInfo !== undefined && certInfo.length > 0 && (certInfo[0] & COMPRESSED_FLAG) !== 0;
  if (!compressed) return { der: stored, compressed };
  try {
    return { der: new Uint8Array(gunzipSync(stored)), compressed };
  } catch (error) {
    throw new PivError('malformed-data', `${what}: marked compressed but does not inflate as gzip (${(error as Error).message})`, {
      cause: error,
    });
  }
}

export function summariseCertificate(der: Uint8Array, what: string, compressedOnCard = false): CertificateSummary {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(Buffer.from(der));
  } catch (error) {
    throw new PivError('malformed-data', `${what}: not an X.509 certificate (${(error as Error).message})`, { cause: error });
  }
  return {
    base64: Buffer.from(der).toString('base64'),
    subject: oneLineName(cert.subject),
    issuer: oneLineName(cert.issuer),
    serialNumber: cert.serialNumber,
    notBefore: new Date(cert.validFrom).toISOString(),
    notAfter: new Date(cert.validTo).toISOString(),
    compressedOnCard,
  };
}

/** Node gives names one attribute per line, least significant last; show them on one line, CN first. */
function oneLineName(name: string): string {
  return name.split('\n').filter(Boolean).reverse().join(', ');
}
