/**
 * Plans travel in Base64 parts (a call carries at most about 1 MiB): these turn bytes into parts and
 * parts back into bytes, without building one huge string on the way.
 */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // 32 KiB at a time keeps String.fromCharCode's argument list within what engines accept.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Splits a file's bytes into parts of at most `partBytes` each (an empty file is one empty part). */
export function* partsOf(bytes: Uint8Array, partBytes: number): Generator<Uint8Array> {
  if (bytes.length === 0) yield bytes;
  for (let at = 0; at < bytes.length; at += partBytes) yield bytes.subarray(at, at + partBytes);
}

export type PartReader = (offset: number) => Promise<{ base64: string; done: boolean }>;

/**
 * Reads every part from offset 0 until main says done. A part that adds nothing without being the
 * last would loop for ever: that is refused as a broken answer.
 */
export async function readAllParts(read: PartReader, limitBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const parts: Uint8Array[] = [];
  let offset = 0;
  for (;;) {
    const { base64, done } = await read(offset);
    const part = base64ToBytes(base64);
    parts.push(part);
    offset += part.length;
    if (offset > limitBytes) throw new Error(`more than the ${Math.round(limitBytes / 1024 / 1024)} MB a plan may be`);
    if (done) break;
    if (part.length === 0) throw new Error('an empty part before the end');
  }
  const whole = new Uint8Array(offset);
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}
