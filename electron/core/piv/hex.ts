/** Hex text for tags, status words and byte strings in messages and in PivCardRead. */
export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex').toUpperCase();
}

export function tagHex(tag: number): string {
  const hex = tag.toString(16).toUpperCase();
  return hex.length % 2 === 0 ? hex : `0${hex}`;
}

export function swHex(sw: number): string {
  return sw.toString(16).toUpperCase().padStart(4, '0');
}

export function fromHex(hex: string): Uint8Array {
  const clean = hex.replace(/\s+/g, '');
  if (!/^([0-9a-fA-F]{2})*$/.test(clean)) throw new RangeError(`Not an even-length hex string: ${hex}`);
  return new Uint8Array(Buffer.from(clean, 'hex'));
}
