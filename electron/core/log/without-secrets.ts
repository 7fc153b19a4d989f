import type { LogFields } from './logger';

/** Field names whose values are secrets wherever they appear: such values are never written. */
const SECRET_FIELD = /^(api[-_]?key|key|private[-_]?key|pin|password|passphrase|secret|token|authorization|pem)$/i;
/** PEM blocks and Authorization headers inside free text (an error message that quoted too much). */
const SECRET_TEXT = [/-----BEGIN [A-Z ]+-----[\s\S]*?(-----END [A-Z ]+-----|$)/g, /\b(Basic|GGL-API-KEY|Bearer)\s+[A-Za-z0-9+/=._-]+/gi];

/**
 * The last line of defence for the log: callers already pass descriptions, never secrets, but a field
 * named like a secret is dropped and PEM text or an Authorization value inside any string is cut out.
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
  if (typeof value === 'string') return SECRET_TEXT.reduce((text, pattern) => text.replace(pattern, '[withheld]'), value).slice(0, 4000);
  if (value instanceof Error) return { name: value.name, message: cleanValue(value.message, depth) };
  if (Array.isArray(value)) return depth > 4 ? '[nested]' : value.slice(0, 50).map((v) => cleanValue(v, depth + 1));
  if (value && typeof value === 'object') return depth > 4 ? '[nested]' : withoutSecrets(value as LogFields, depth + 1);
  return value;
}
