import { X509Certificate } from 'node:crypto';
import { VaultError, reasonOf } from '../errors';
import { validityAt, type CertificateSummary } from '../../../../shared/settings/certificate-summary';

// node:crypto's X509Certificate rather than @peculiar/x509: it needs no global Reflect polyfill, which
// the core cannot count on under every host that loads it, and it checks key pairs natively.

/** Parse one DER or PEM certificate, with a clear error naming `what` when it is not one. */
export function parseCertificate(certificate: Uint8Array | string, what: string): X509Certificate {
  try {
    return new X509Certificate(certificate);
  } catch (err) {
    throw new VaultError('certificate-import', `${what} is not a readable X.509 certificate: ${reasonOf(err)}`);
  }
}

/** "CN=a\nO=b" as Node prints a name, on one line as operators read it: "CN=a, O=b". */
function oneLine(name: string): string {
  return name.split('\n').filter(Boolean).join(', ');
}

function parseDate(text: string, what: string, field: string): Date {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw new VaultError('certificate-import', `${what} has an unreadable ${field} date`);
  return date;
}

/** Node's SHA-1 fingerprint without separators: the form the server's REST client item holds. */
function thumbprintOf(cert: X509Certificate): string {
  return cert.fingerprint.replaceAll(':', '').toUpperCase();
}

export function describeCertificate(
  certificate: Uint8Array | string,
  now: Date = new Date(),
  what = 'The certificate',
): CertificateSummary {
  const cert = parseCertificate(certificate, what);
  const notBefore = parseDate(cert.validFrom, what, 'start');
  const notAfter = parseDate(cert.validTo, what, 'end');
  return {
    subject: oneLine(cert.subject),
    issuer: oneLine(cert.issuer),
    serialNumber: cert.serialNumber.toUpperCase(),
    notBefore: notBefore.toISOString(),
    notAfter: notAfter.toISOString(),
    validity: validityAt(notBefore, notAfter, now),
    sha1Thumbprint: thumbprintOf(cert),
    sha256Fingerprint: cert.fingerprint256.toUpperCase(),
  };
}
