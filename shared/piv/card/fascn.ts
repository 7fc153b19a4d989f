import { formatFascn } from '../../../shared/piv/fascn-number';
import { PivError } from './errors';
import { toHex } from './hex';

/**
 * The FASC-N of a CHUID (TIG SCEPACS): 25 bytes holding 40 characters of 5 bits each, written most
 * significant bit first. Each character is four data bits, least significant first, and an odd parity
 * bit: SS, agency code (4), FS, system code (4), FS, credential number (6), FS, CS (1), FS, ICI (1), FS,
 * PI (10), OC (1), OI (4), POA (1), ES, LRC. The LRC is the XOR of the data bits of every character
 * before it, with its own parity.
 */

export interface Fascn {
  agencyCode: string;
  systemCode: string;
  credentialNumber: string;
  /** Credential series (CS). */
  credentialSeries: string;
  /** Individual credential issue (ICI). */
  individualCredentialIssue: string;
  /** Person identifier (PI). */
  personIdentifier: string;
  /** Organisational category (OC). */
  organizationalCategory: string;
  /** Organisational identifier (OI). */
  organizationalIdentifier: string;
  /** Person/organisation association category (POA). */
  personOrganizationAssociation: string;
}

export const FASCN_BYTES = 25;
const CHARACTERS = 40;
const SS = 0xb;
const FS = 0xd;
const ES = 0xf;

/** Character positions: separators, then each field as [name, length] in card order. */
const LAYOUT: Array<number | [keyof Fascn, number]> = [
  SS,
  ['agencyCode', 4],
  FS,
  ['systemCode', 4],
  FS,
  ['credentialNumber', 6],
  FS,
  ['credentialSeries', 1],
  FS,
  ['individualCredentialIssue', 1],
  FS,
  ['personIdentifier', 10],
  ['organizationalCategory', 1],
  ['organizationalIdentifier', 4],
  ['personOrganizationAssociation', 1],
  ES,
];

const FIELD_ORDER = LAYOUT.filter((e): e is [keyof Fascn, number] => typeof e !== 'number');

/** The 32 digits of a FASC-N in card order (the card number of a PIV card). */
export function fascnToDigits(fascn: Fascn): string {
  return FIELD_ORDER.map(([name]) => fascn[name]).join('');
}

/** A FASC-N from its 32 digits (hyphens allowed). */
export function fascnFromDigits(text: string): Fascn {
  const digits = formatFascn(text).replace(/-/g, '');
  const out = {} as Fascn;
  let pos = 0;
  for (const [name, length] of FIELD_ORDER) {
    out[name] = digits.slice(pos, pos + length);
    pos += length;
  }
  return out;
}

export function decodeFascn(bytes: Uint8Array): Fascn {
  const fail = (reason: string): never => {
    throw new PivError('malformed-data', `CHUID FASC-N ${toHex(bytes)}: ${reason}`);
  };
  if (bytes.length !== FASCN_BYTES) fail(`must be ${FASCN_BYTES} bytes, found ${bytes.length}`);
  const chars: number[] = [];
  for (let i = 0; i < CHARACTERS; i++) {
    let five = 0;
    for (let b = 0; b < 5; b++) five = (five << 1) | readBit(bytes, i * 5 + b);
    if (popcount(five) % 2 !== 1) fail(`character ${i + 1} fails its odd parity check`);
    // The four data bits come least significant first.
    const d = five >> 1;
    chars.push(((d & 0b1000) >> 3) | ((d & 0b0100) >> 1) | ((d & 0b0010) << 1) | ((d & 0b0001) << 3));
  }
  const lrc = chars.slice(0, CHARACTERS - 1).reduce((x, c) => x ^ c, 0);
  if (lrc !== chars[CHARACTERS - 1]) fail('the longitudinal redundancy check does not match');

  const out = {} as Fascn;
  let pos = 0;
  for (const entry of LAYOUT) {
    if (typeof entry === 'number') {
      if (chars[pos] !== entry) fail(`character ${pos + 1} should be a ${separatorName(entry)}`);
      pos++;
      continue;
    }
    const [name, length] = entry;
    const field = chars.slice(pos, pos + length);
    if (field.some((c) => c > 9)) fail(`the ${name} holds a non-digit character`);
    out[name] = field.join('');
    pos += length;
  }
  return out;
}

export function encodeFascn(fascn: Fascn): Uint8Array {
  const chars: number[] = [];
  for (const entry of LAYOUT) {
    if (typeof entry === 'number') {
      chars.push(entry);
      continue;
    }
    const [name, length] = entry;
    if (!new RegExp(`^\\d{${length}}$`).test(fascn[name])) throw new RangeError(`FASC-N ${name} must be ${length} digits`);
    for (const c of fascn[name]) chars.push(Number(c));
  }
  chars.push(chars.reduce((x, c) => x ^ c, 0));
  const bytes = new Uint8Array(FASCN_BYTES);
  chars.forEach((c, i) => {
    const reversed = ((c & 1) << 3) | ((c & 2) << 1) | ((c & 4) >> 1) | ((c & 8) >> 3);
    const five = (reversed << 1) | (popcount(c) % 2 === 0 ? 1 : 0);
    for (let b = 0; b < 5; b++) writeBit(bytes, i * 5 + b, (five >> (4 - b)) & 1);
  });
  return bytes;
}

function readBit(bytes: Uint8Array, index: number): number {
  return (bytes[index >> 3] >> (7 - (index & 7))) & 1;
}

function writeBit(bytes: Uint8Array, index: number, bit: number): void {
  if (bit) bytes[index >> 3] |= 1 << (7 - (index & 7));
}

function popcount(n: number): number {
  let count = 0;
  for (let v = n; v; v >>= 1) count += v & 1;
  return count;
}

function separatorName(code: number): string {
  return code === SS ? 'start sentinel' : code === FS ? 'field separator' : 'end sentinel';
}
