/**
 * SHA-256 fingerprints as people compare them: 32 uppercase hex bytes joined by colons, the form
 * openssl, browsers and server tools print. What a person pastes may be grouped by spaces, colons or
 * dashes, in either case; anything that is not 64 hex digits once those are removed is not one.
 */
export function normalizeFingerprint(text: string): string | undefined {
  const hex = text.replace(/[\s:-]/g, '').toUpperCase();
  if (!/^[0-9A-F]{64}$/.test(hex)) return undefined;
  return hex.match(/.{2}/g)!.join(':');
}
