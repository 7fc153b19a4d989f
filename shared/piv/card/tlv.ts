import { PivError } from './errors';
import { tagHex } from './hex';

/**
 * BER-TLV as PIV card objects use it (SP 800-73-4 part 1, appendix A / ISO 7816-4): tags of one to
 * three bytes, definite lengths in short form or long form 81/82/83. Indefinite lengths are refused.
 * Parsing is strict and says where it failed, because a half-understood card object must never turn
 * into a half-right enrolment.
 */

export interface Tlv {
  /** The tag bytes as one number, e.g. 0x53, 0x5FC102. */
  tag: number;
  /** The value (a view into the parsed buffer). */
  value: Uint8Array;
  /** Offset of the tag within the parsed buffer. */
  offset: number;
  /** Offset just past the value. */
  end: number;
}

const MAX_TAG_BYTES = 3;
const MAX_LENGTH_BYTES = 3;

/** Parses one TLV at `offset`; `what` names the object in error messages (e.g. "CHUID"). */
export function readTlv(bytes: Uint8Array, offset: number, what: string): Tlv {
  const fail = (code: 'malformed-data' | 'truncated-response', reason: string): never => {
    throw new PivError(code, `${what}: ${reason} (at byte ${offset} of ${bytes.length})`);
  };
  let pos = offset;
  if (pos >= bytes.length) fail('truncated-response', 'a tag was expected but the data ended');
  let tag = bytes[pos++];
  if ((tag & 0x1f) === 0x1f) {
    let tagBytes = 1;
    let more = true;
    while (more) {
      if (pos >= bytes.length) fail('truncated-response', `tag ${tagHex(tag)} is cut off`);
      if (++tagBytes > MAX_TAG_BYTES) fail('malformed-data', `tag ${tagHex(tag)}… is longer than ${MAX_TAG_BYTES} bytes`);
      const b = bytes[pos++];
      tag = tag * 256 + b;
      more = (b & 0x80) !== 0;
    }
  }
  if (pos >= bytes.length) fail('truncated-response', `tag ${tagHex(tag)} has no length`);
  let length = bytes[pos++];
  if (length === 0x80) fail('malformed-data', `tag ${tagHex(tag)} uses an indefinite length, which PIV does not allow`);
  if (length > 0x80) {
    const count = length & 0x7f;
    if (count > MAX_LENGTH_BYTES) fail('malformed-data', `tag ${tagHex(tag)} has a ${count}-byte length field`);
    if (pos + count > bytes.length) fail('truncated-response', `the length of tag ${tagHex(tag)} is cut off`);
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + bytes[pos++];
  }
  if (pos + length > bytes.length) {
    fail('truncated-response', `tag ${tagHex(tag)} declares ${length} bytes but only ${bytes.length - pos} remain`);
  }
  return { tag, value: bytes.subarray(pos, pos + length), offset, end: pos + length };
}

/** Parses a whole buffer as a sequence of TLVs; every byte must belong to one. */
export function readTlvList(bytes: Uint8Array, what: string): Tlv[] {
  const list: Tlv[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const tlv = readTlv(bytes, offset, what);
    list.push(tlv);
    offset = tlv.end;
  }
  return list;
}

export function findTlv(list: readonly Tlv[], tag: number): Tlv | undefined {
  return list.find((t) => t.tag === tag);
}

/** The value of a mandatory element, or a malformed-data error naming it. */
export function requireTlv(list: readonly Tlv[], tag: number, what: string, element: string): Uint8Array {
  const found = findTlv(list, tag);
  if (!found) throw new PivError('malformed-data', `${what}: the ${element} (tag ${tagHex(tag)}) is missing`);
  return found.value;
}

export function encodeLength(length: number): Uint8Array {
  if (length < 0x80) return Uint8Array.of(length);
  if (length <= 0xff) return Uint8Array.of(0x81, length);
  if (length <= 0xffff) return Uint8Array.of(0x82, length >> 8, length & 0xff);
  if (length <= 0xffffff) return Uint8Array.of(0x83, length >> 16, (length >> 8) & 0xff, length & 0xff);
  throw new RangeError(`TLV length ${length} is too large`);
}

export function encodeTag(tag: number): Uint8Array {
  const bytes: number[] = [];
  for (let t = tag; t > 0 || bytes.length === 0; t = Math.floor(t / 256)) bytes.unshift(t & 0xff);
  return Uint8Array.from(bytes);
}

/** Encodes one TLV (used to build commands and, by the virtual card, card objects). */
export function encodeTlv(tag: number, value: Uint8Array): Uint8Array {
  return concatBytes(encodeTag(tag), encodeLength(value.length), value);
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
