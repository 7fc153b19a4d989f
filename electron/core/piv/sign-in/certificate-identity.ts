import type * as Asn1js from 'asn1js';
import type * as Pkijs from 'pkijs';
import { decodeFascn, type Fascn } from '../../../../shared/piv/card/fascn';
import { fromHex } from '../../../../shared/piv/card/hex';
import { PIV_I_AGENCY_CODE } from '../../../../shared/piv/fascn-number';
import { formatGuid } from '../chuid';
import { CardRefused } from './card-refused';

/**
 * Which card a PIV Authentication certificate names. FIPS 201-3 puts the card's identifiers in the
 * certificate's subjectAltName: the FASC-N as a pivFASC-N otherName and the card UUID as a urn:uuid URI.
 * The issuer signed them, and the challenge proves the card holds the certificate's key, so they are
 * the only identifiers a card cannot fake. The CHUID, which anyone can read and write, is checked
 * against them (chuid-check.ts), never trusted on its own.
 */

const ID_PIV_FASCN = '2.16.840.1.101.3.6.6';
const SUBJECT_ALT_NAME = '2.5.29.17';

export interface CertificateCardIds {
  /** The pivFASC-N's 25 bytes as hex. */
  fascnHex?: string;
  /** The card UUID's 16 bytes as hex (no hyphens). */
  guidHex?: string;
}

/** How the desk knows a card: what the roster stores and sign-in matches. */
export interface ProvenCardId {
  /** The certificate's FASC-N as hex (50 digits), or its card UUID as hex (32) where the FASC-N is absent or names no credential. */
  cardId: string;
  /** What the roster shows: "PIV · agency 4700 · card 001337", "PIV-I · card 1f0e…". */
  label: string;
  /** Which identifier `cardId` is. */
  source: 'fascn' | 'uuid';
}

/** A FASC-N whose agency, system and credential numbers are all nines names no credential (PIV-I, newer PIV). */
export function namesNoCredential(fascn: Fascn): boolean {
  return fascn.agencyCode === PIV_I_AGENCY_CODE && fascn.systemCode === '9999' && fascn.credentialNumber === '999999';
}

/** The FASC-N and card UUID the certificate's subjectAltName names, where it names them. */
export async function certificateCardIds(der: Uint8Array): Promise<CertificateCardIds> {
  const [pkijs, asn1js] = await Promise.all([import('pkijs'), import('asn1js')]);
  const found: CertificateCardIds = {};
  let names: Pkijs.GeneralName[];
  try {
    const extension = pkijs.Certificate.fromBER(der.slice()).extensions?.find((e) => e.extnID === SUBJECT_ALT_NAME);
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

/**
 * The card id the certificate proves: its FASC-N where that names a credential, else its card UUID.
 * A certificate that names neither cannot say whose card it is, so it cannot sign anyone in.
 */
export function provenCardId(ids: CertificateCardIds): ProvenCardId {
  const fascn = ids.fascnHex ? readFascn(ids.fascnHex) : undefined;
  if (fascn && ids.fascnHex && !namesNoCredential(fascn)) {
    return { cardId: ids.fascnHex, label: `PIV · agency ${fascn.agencyCode} · card ${fascn.credentialNumber}`, source: 'fascn' };
  }
  if (ids.guidHex) {
    const kind = fascn && namesNoCredential(fascn) ? 'PIV-I' : 'PIV';
    return { cardId: ids.guidHex, label: `${kind} · card ${formatGuid(fromHex(ids.guidHex))}`, source: 'uuid' };
  }
  throw new CardRefused(
    'no-card-id',
    "This card's certificate names no card (no FASC-N and no card UUID in its subject alternative name), so the desk cannot tell whose card it is",
  );
}

function readFascn(hex: string): Fascn | undefined {
  try {
    return decodeFascn(fromHex(hex));
  } catch {
    // A pivFASC-N that does not decode names nothing; the card UUID may still name the card.
    return undefined;
  }
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
