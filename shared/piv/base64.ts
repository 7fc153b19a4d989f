/**
 * Strict Base64 checks in plain TypeScript (no Buffer, no atob) so the renderer can run them too.
 *
 * "Strict" means the standard alphabet (RFC 4648 §4), no whitespace or line breaks, a length that is a
 * multiple of four, and at most two `=` only at the very end. The server rejects certificates, hashes
 * and fingerprints that are "not Base64"; refusing the same strings before sending keeps an operator's
 * mistake at the desk instead of turning it into a server error.
 */

const BASE64_BODY = /^[A-Za-z0-9+/]*$/;

/** Why `text` is not strict Base64, in words an operator can act on; null when it is Base64. */
export function base64Problem(text: string): string | null {
  if (text.length === 0) return 'is empty';
  if (/\s/.test(text)) return 'contains whitespace or line breaks';
  if (text.length % 4 !== 0) return `has ${text.length} characters, not a multiple of 4`;
  const padStart = text.indexOf('=');
  const body = padStart === -1 ? text : text.slice(0, padStart);
  const padding = padStart === -1 ? '' : text.slice(padStart);
  if (!BASE64_BODY.test(body)) {
    const bad = [...body].find((c) => !/[A-Za-z0-9+/]/.test(c));
    return `contains ${JSON.stringify(bad)}, which is not a Base64 character`;
  }
  if (!/^={0,2}$/.test(padding)) return "has '=' padding that is not only at the end, or more than two '='";
  return null;
}

export function isBase64(text: string): boolean {
  return base64Problem(text) === null;
}

/** Number of bytes a strict Base64 string decodes to (call only on strings `isBase64` accepts). */
export function base64DecodedLength(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}
