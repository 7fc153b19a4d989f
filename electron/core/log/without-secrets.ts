import { withoutKnownSecrets } from './known-secrets';
import type { LogFields } from './logger';

/** Field names whose values are secrets wherever they appear: such values are never written. */
const SECRET_FIELD = /^(api[-_]?key|key|private[-_]?key|pin|password|passphrase|secret|token|authorization|pem)$/i;

/** Ordinary words after "Basic" ("Basic authentication"), which are not Base64 credentials. */
const PLAIN_WORD = /^[A-Za-z][a-z]*$/;

/**
 * Secrets inside free text (an error message that quoted too much), each cut out with what gives it
 * away: PEM blocks; an Authorization header's whole value, whatever its scheme word or none
 * (docs/server-interface.md §Authentication); the key after the vendor's word GGL-API-KEY, the spec's
 * stand-in SERVICE-API-KEY or Bearer; Basic credentials; and a key in today's format (groups of four
 * hex digits) standing on its own, after a word of a gateway's own or none.
 */
const SECRET_TEXT: Array<[RegExp, string | ((match: string, ...groups: string[]) => string)]> = [
  [/-----BEGIN [A-Z ]+-----[\s\S]*?(-----END [A-Z ]+-----|$)/g, '[withheld]'],
  [/(\bauthorization\b["']?\s*[:=]\s*["']?)[^"'\r\n,;}]+/gi, '$1[withheld]'],
  [/\b(GGL-API-KEY|SERVICE-API-KEY|Bearer)(\s+)[^\s"',;}]+/gi, '$1$2[withheld]'],
  [/\b(Basic)(\s+)([A-Za-z0-9+/]{4,}={0,2})/gi, (match, word: string, space: string, value: string) => (PLAIN_WORD.test(value) ? match : `${word}${space}[withheld]`)],
  [/\b[0-9A-Fa-f]{4}(?:-[0-9A-Fa-f]{4}){3,}\b/g, '[withheld]'],
];

/** Text with every secret the patterns or the known keys find cut out. */
export function withoutSecretText(text: string): string {
  let clean = withoutKnownSecrets(text);
  for (const [pattern, replacement] of SECRET_TEXT) clean = clean.replace(pattern, replacement as string);
  return clean;
}

/**
 * The last line of defence for the log: callers already pass descriptions, never secrets, but a field
 * named like a secret is dropped and secrets inside any string are cut out.
 */
export function withoutSecrets(fields: LogFields, depth = 0): LogFields {
  const clean: LogFields = {};
  for (const [name, value] of Object.entries(fields)) {
    if (SECRET_FIELD.test(name)) {
      clean[name] = '[withheld]';
      continue;
    }
    clean[name] = cleanValue(value, depth);
  }
  return clean;
}

function cleanValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return withoutSecretText(value).slice(0, 4000);
  if (value instanceof Error) return { name: value.name, message: cleanValue(value.message, depth) };
  if (Array.isArray(value)) return depth > 4 ? '[nested]' : value.slice(0, 50).map((v) => cleanValue(v, depth + 1));
  if (value && typeof value === 'object') return depth > 4 ? '[nested]' : withoutSecrets(value as LogFields, depth + 1);
  return value;
}
