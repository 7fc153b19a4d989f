/** Hex text for tags, status words and byte strings in messages and in PivCardRead (no Node Buffer: shared runs anywhere). */
export function toHex(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += byte.toString(16).padStart(2, '0');
  return text.toUpperCase();
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
  const bytes = new Uint8Array(clean.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}
