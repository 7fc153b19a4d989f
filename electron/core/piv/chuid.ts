import { createHash } from 'node:crypto';
import { PivError } from '../../../shared/piv/card/errors';
import { decodeFascn, fascnToDigits, type Fascn } from '../../../shared/piv/card/fascn';
import { toHex } from '../../../shared/piv/card/hex';
import { CHUID_TAGS } from '../../../shared/piv/card/card-objects';
import { concatBytes, findTlv, readTlvList, requireTlv } from '../../../shared/piv/card/tlv';

/**
 * The Card Holder Unique Identifier object (SP 800-73-4 part 1, 3.1.2): FASC-N (30), organisational
 * identifier (32), DUNS (33), GUID (34), expiration date (35), issuer asymmetric signature (3E),
 * error detection code (FE). Pure parsing of the bytes inside the object's 53 template.
 */

export interface Chuid {
  fascn: Fascn;
  /** The FASC-N's 32 digits in card order. */
  fascnDigits: string;
  orgIdentifier?: string;
  duns?: string;
  /** 16 bytes; all zero on cards that have no GUID (allowed on PIV, not on PIV-I). */
  guid: Uint8Array;
  /** YYYY-MM-DD. */
  expirationDate: string;
  /** The CMS SignedData of the issuer asymmetric signature (tag 3E). */
  issuerSignature: Uint8Array;
  /** The bytes the issuer signed: every element before the signature, as encoded on the card. */
  signedContent: Uint8Array;
  /** Base64 SHA-256 of the whole CHUID object as read (the content of its 53 template): 44 characters. */
  hash: string;
}

const WHAT = 'CHUID';
const GUID_BYTES = 16;

export function parseChuid(object: Uint8Array): Chuid {
  const elements = readTlvList(object, WHAT);
  const fascn = decodeFascn(requireTlv(elements, CHUID_TAGS.fascn, WHAT, 'FASC-N'));
  const guid = requireTlv(elements, CHUID_TAGS.guid, WHAT, 'GUID');
  if (guid.length !== GUID_BYTES) {
    throw new PivError('malformed-data', `${WHAT}: the GUID must be ${GUID_BYTES} bytes, found ${guid.length}`);
  }
  const issuerSignature = requireTlv(elements, CHUID_TAGS.issuerSignature, WHAT, 'issuer asymmetric signature');
  if (issuerSignature.length === 0) throw new PivError('malformed-data', `${WHAT}: the issuer asymmetric signature is empty`);
  const signed = elements.filter((e) => e.tag !== CHUID_TAGS.issuerSignature && e.tag !== CHUID_TAGS.errorDetectionCode);
  return {
    fascn,
    fascnDigits: fascnToDigits(fascn),
    orgIdentifier: optionalText(elements, CHUID_TAGS.orgIdentifier, 'organisational identifier'),
    duns: optionalText(elements, CHUID_TAGS.duns, 'DUNS'),
    guid,
    expirationDate: parseExpirationDate(requireTlv(elements, CHUID_TAGS.expirationDate, WHAT, 'expiration date')),
    issuerSignature,
    signedContent: concatBytes(...signed.map((e) => object.subarray(e.offset, e.end))),
    hash: createHash('sha256').update(object).digest('base64'),
  };
}

/** The GUID as an unsigned decimal integer: the card number of a PIV-I card. */
export function guidToDecimal(guid: Uint8Array): string {
  return BigInt(`0x${toHex(guid) || '0'}`).toString(10);
}

/** The GUID in its usual 8-4-4-4-12 hex form. */
export function formatGuid(guid: Uint8Array): string {
  const h = toHex(guid).toLowerCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function parseExpirationDate(bytes: Uint8Array): string {
  const text = new TextDecoder('latin1').decode(bytes);
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !date || date.getUTCMonth() !== Number(m[2]) - 1 || date.getUTCDate() !== Number(m[3])) {
    throw new PivError('malformed-data', `${WHAT}: the expiration date ${JSON.stringify(text)} is not a YYYYMMDD date`);
  }
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/** Printable ASCII text of an optional element; absent or all-zero/space elements count as absent. */
function optionalText(elements: ReturnType<typeof readTlvList>, tag: number, name: string): string | undefined {
  const value = findTlv(elements, tag)?.value;
  if (!value || value.every((b) => b === 0 || b === 0x20)) return undefined;
  if (!value.every((b) => b >= 0x20 && b < 0x7f)) {
    throw new PivError('malformed-data', `${WHAT}: the ${name} ${toHex(value)} is not printable text`);
  }
  return new TextDecoder('latin1').decode(value).trim();
}
