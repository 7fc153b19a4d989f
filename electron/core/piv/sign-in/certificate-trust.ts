import { X509Certificate } from 'node:crypto';
import type * as Asn1js from 'asn1js';
import type * as Pkijs from 'pkijs';
import { DeskError } from '../../../../shared/errors';
import type { RevokedCardEntry } from './card-proof';

/**
 * Whether the desk accepts a card's PIV Authentication certificate before it asks the card anything
 * else: inside its validity, chained to a CA the installer trusts (pkijs's chain engine), not revoked
 * at this desk, and naming the same card as the CHUID. Every refusal is a DeskError 'card' in words a
 * guard can act on. pkijs and asn1js load with the first sign-in, as with the first card read.
 */

const ID_PIV_FASCN = '2.16.840.1.101.3.6.6';
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function parseCertificate(der: Uint8Array): X509Certificate {
  try {
    return new X509Certificate(Buffer.from(der));
  } catch {
    throw new DeskError('card', "This card's PIV Authentication certificate cannot be read as a certificate");
  }
}

export function checkValidity(certificate: X509Certificate, now: Date): void {
  const from = new Date(certificate.validFrom);
  const to = new Date(certificate.validTo);
  if (now.getTime() > to.getTime()) throw new DeskError('card', `This card's certificate expired on ${dateFormat.format(to)}`);
  if (now.getTime() < from.getTime()) throw new DeskError('card', `This card's certificate is not valid until ${dateFormat.format(from)}`);
}

/** Serial numbers compared as numbers: OpenSSL's hex with or without leading zeros, any case. */
export function sameSerial(a: string, b: string): boolean {
  const norm = (s: string) => s.replace(/[^0-9a-f]/gi, '').replace(/^0+/, '').toUpperCase();
  return norm(a) !== '' && norm(a) === norm(b);
}

export function checkNotRevoked(cardId: string, serial: string, revoked: readonly RevokedCardEntry[]): void {
  const hit = revoked.some(
    (entry) => (entry.cardId !== undefined && entry.cardId.toUpperCase() === cardId.toUpperCase()) || (entry.serial !== undefined && sameSerial(entry.serial, serial)),
  );
  if (hit) throw new DeskError('card', 'This card was revoked at this desk');
}

export async function checkChain(der: Uint8Array, anchors: readonly Uint8Array[], now: Date, issuer: string): Promise<void> {
  if (anchors.length === 0) {
    throw new DeskError('card', 'This desk trusts no card issuer yet: the installer adds the issuing CA in Settings → Sign-in cards');
  }
  const pkijs = await import('pkijs');
  const trusted = anchors.flatMap((anchor) => {
    try {
      return [pkijs.Certificate.fromBER(anchor.slice())];
    } catch {
      return [];
    }
  });
  let verdict: { result: boolean } | undefined;
  try {
    const engine = new pkijs.CertificateChainValidationEngine({ trustedCerts: trusted, certs: [pkijs.Certificate.fromBER(der.slice())], checkDate: now });
    verdict = await engine.verify();
  } catch {
    verdict = undefined;
  }
  if (!verdict?.result) throw new DeskError('card', `This card was issued by ${issuer}, which this desk does not trust`);
}

/** The FASC-N (hex) and card UUID (hex) the certificate's subjectAltName names, where it names them. */
export async function certificateCardIds(der: Uint8Array): Promise<{ fascnHex?: string; guidHex?: string }> {
  const [pkijs, asn1js] = await Promise.all([import('pkijs'), import('asn1js')]);
  const found: { fascnHex?: string; guidHex?: string } = {};
  let names: Pkijs.GeneralName[];
  try {
    const extension = pkijs.Certificate.fromBER(der.slice()).extensions?.find((e) => e.extnID === '2.5.29.17');
    names = (extension?.parsedValue as Pkijs.AltName | undefined)?.altNames ?? [];
  } catch {
    return found;
  }
  for (const name of names) {
    if (name.type === 6 && typeof name.value === 'string') {
      const uuid = /^urn:uuid:([0-9a-f-]{36})$/i.exec(name.value);
      if (uuid) found.guidHex = uuid[1].replace(/-/g, '').toUpperCase();
    }
    if (name.type === 0) {
      const fascn = otherNameFascn(asn1js, name.value);
      if (fascn) found.fascnHex = fascn;
    }
  }
  return found;
}

/** otherName ::= SEQUENCE { type-id OID, value [0] EXPLICIT ANY }: the pivFASC-N's OCTET STRING. */
function otherNameFascn(asn1js: typeof Asn1js, value: unknown): string | undefined {
  if (!(value instanceof asn1js.BaseBlock)) return undefined;
  const inner = (value as Asn1js.Constructed).valueBlock.value as Asn1js.AsnType[] | undefined;
  const [oid, wrapped] = inner ?? [];
  if (!(oid instanceof asn1js.ObjectIdentifier) || oid.valueBlock.toString() !== ID_PIV_FASCN) return undefined;
  const octets = (wrapped as Asn1js.Constructed | undefined)?.valueBlock.value?.[0];
  if (!(octets instanceof asn1js.OctetString)) return undefined;
  return Buffer.from(octets.valueBlock.valueHexView).toString('hex').toUpperCase();
}
