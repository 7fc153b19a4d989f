import { X509Certificate } from 'node:crypto';
import { CardRefused } from './card-refused';
import type { RevokedCardEntry } from './card-proof';

/**
 * Whether the desk accepts a card's PIV Authentication certificate before it asks the card anything
 * else: inside its validity, chained to a CA the installer trusts (pkijs's chain engine) and not revoked
 * at this desk. Every refusal is a CardRefused in words a guard can act on. pkijs loads with the first
 * sign-in, as with the first card read.
 */

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function parseCertificate(der: Uint8Array): X509Certificate {
  try {
    return new X509Certificate(Buffer.from(der));
  } catch {
    throw new CardRefused('not-piv', "This card's PIV Authentication certificate cannot be read as a certificate");
  }
}

export function checkValidity(certificate: X509Certificate, now: Date): void {
  const from = new Date(certificate.validFrom);
  const to = new Date(certificate.validTo);
  if (now.getTime() > to.getTime()) throw new CardRefused('expired', `This card's certificate expired on ${dateFormat.format(to)}`);
  if (now.getTime() < from.getTime()) throw new CardRefused('expired', `This card's certificate is not valid until ${dateFormat.format(from)}`);
}

/** Serial numbers compared as numbers: OpenSSL's hex with or without leading zeros, any case. */
export function sameSerial(a: string, b: string): boolean {
  const norm = (s: string) => s.replace(/[^0-9a-f]/gi, '').replace(/^0+/, '').toUpperCase();
  return norm(a) !== '' && norm(a) === norm(b);
}

/** `cardId` is what the certificate proves; a card revoked by the id its CHUID claimed is caught by the CHUID check's equality. */
export function checkNotRevoked(cardId: string, serial: string, revoked: readonly RevokedCardEntry[]): void {
  const hit = revoked.some(
    (entry) => (entry.cardId !== undefined && entry.cardId.toUpperCase() === cardId.toUpperCase()) || (entry.serial !== undefined && sameSerial(entry.serial, serial)),
  );
  if (hit) throw new CardRefused('revoked', 'This card was revoked at this desk');
}

export async function checkChain(der: Uint8Array, anchors: readonly Uint8Array[], now: Date, issuer: string): Promise<void> {
  if (anchors.length === 0) {
    throw new CardRefused('untrusted-issuer', 'This desk trusts no card issuer yet: the installer adds the issuing CA in Settings → Sign-in cards');
  }
  if (!(await chainsToAnchor(der, anchors, now))) throw new CardRefused('untrusted-issuer', `This card was issued by ${issuer}, which this desk does not trust`);
}

/** Whether `der` chains, valid at `now`, to one of `anchors` (DER CA certificates). */
export async function chainsToAnchor(der: Uint8Array, anchors: readonly Uint8Array[], now: Date): Promise<boolean> {
  const pkijs = await import('pkijs');
  const trusted = anchors.flatMap((anchor) => {
    try {
      return [pkijs.Certificate.fromBER(anchor.slice())];
    } catch {
      return [];
    }
  });
  try {
    const engine = new pkijs.CertificateChainValidationEngine({ trustedCerts: trusted, certs: [pkijs.Certificate.fromBER(der.slice())], checkDate: now });
    return (await engine.verify()).result;
  } catch {
    // A certificate pkijs cannot even parse chains to nothing.
    return false;
  }
}
