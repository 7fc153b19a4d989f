import { PIV_STATUS_WORDS } from './enum-words';
import { isoWords } from './desk-time';
import { wordsForCode } from './library-codes';

/**
 * The last pass over any text before a guard reads it, wherever it came from (main's messages, the
 * server's reasons, a library's error): ISO 8601 times become the desk's own date and 24-hour time, a
 * library's code ("read ECONNRESET") becomes what it means, a file or socket path is left out, and a
 * PIV status word ("CertInChainRevoked") is said in words. Text already in words passes unchanged.
 */
export function plainWords(text: string, locale?: string): string {
  return text
    .replace(ISO_TIME, (iso) => isoWords(iso, locale))
    .replace(SYSCALL_CODE, (_, code: string) => wordsForCode(code).words)
    .replace(BARE_CODE, (code: string) => wordsForCode(code).words)
    .replace(SYSTEM_PATH, '')
    .replace(PIV_STATUS, (status: string) => (PIV_STATUS_WORDS as Record<string, string>)[status] ?? status)
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** An error of any kind, in words: a DeskError's message (main's words) through plainWords; anything else said plainly. */
export function errorWords(err: unknown, locale?: string): string {
  if (err instanceof Error && err.message) return plainWords(err.message, locale);
  if (typeof err === 'string' && err) return plainWords(err, locale);
  return 'Something went wrong inside Gatehouse: try again, and if it happens again the main log says more.';
}

const ISO_TIME = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g;
/** Node's "<syscall> <CODE>[ <address>]": "read ECONNRESET", "connect ECONNREFUSED 10.0.0.5:8904". */
const SYSCALL_CODE = /\b(?:read|write|connect|getaddrinfo|socket|open|spawn|queryA|lookup)\s+(E[A-Z]{3,}|UND_ERR_[A-Z_]+)(?:\s+[\w.:[\]-]+)?/g;
/** A library's code on its own: Node's (ECONNRESET), undici's (UND_ERR_SOCKET), OpenSSL's (ERR_TLS_…, CERT_…). */
const BARE_CODE = /\b(?:E(?:CONN|PIPE|HOST|NET|AI_|NOTFOUND|TIMEDOUT)[A-Z_]*|UND_ERR_[A-Z_]+|ERR_(?:TLS|SSL|OSSL)_[A-Z_]+|CERT_[A-Z_]+|[A-Z]+_SELF_SIGNED_[A-Z_]+|UNABLE_TO_[A-Z_]+)\b/g;
/** An absolute path under the system's folders (a socket, a device): "its socket /run/pcscd/pcscd.comm". */
const SYSTEM_PATH = /(?:\s*(?:at|its socket|socket|file))?\s+\/(?:run|var|tmp|dev|proc|sys)\/[^\s,;:)]+/g;
const PIV_STATUS = new RegExp(`\\b(?:${Object.keys(PIV_STATUS_WORDS).filter((s) => /[a-z][A-Z]/.test(s)).join('|')})\\b`, 'g');
