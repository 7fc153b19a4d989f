import { X509Certificate } from 'node:crypto';
import { DeskError } from '../../../shared/errors';

/**
 * The CA certificates in a file the installer chose: PEM (one or more CERTIFICATE blocks) or DER.
 * Only CA certificates are taken: an end-entity certificate cannot issue cards, so trusting one would
 * let nothing sign in and hide the mistake.
 */

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g;

export function readAnchorFile(fileName: string, bytes: Uint8Array): Uint8Array[] {
  const text = new TextDecoder('latin1').decode(bytes.subarray(0, 64 * 1024));
  const ders = text.includes('-----BEGIN')
    ? [...text.matchAll(PEM_BLOCK)].map((m) => new Uint8Array(Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64')))
    : [bytes];
  if (ders.length === 0) throw new DeskError('bad-request', `${fileName} holds no certificate (no BEGIN CERTIFICATE block)`);
  return ders.map((der, i) => {
    const which = ders.length > 1 ? `${fileName} (certificate ${i + 1})` : fileName;
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(Buffer.from(der));
    } catch {
      throw new DeskError('bad-request', `${which} is not an X.509 certificate (PEM or DER)`);
    }
    if (!certificate.ca) {
      throw new DeskError('bad-request', `${which} is not a CA certificate (it cannot issue cards): import the CA that issued the operators' cards`);
    }
    return der;
  });
}
