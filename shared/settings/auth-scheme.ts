import { z } from 'zod';

/**
 * The word real servers expect before the API key (docs/server-interface.md §Authentication). Settings
 * may replace it for a gateway that wants another spelling; stored settings without a word read as this.
 */
export const STANDARD_AUTH_SCHEME = 'GGL-API-KEY';

/** Long enough for any vendor or gateway word; a pasted key or sentence is not a scheme word. */
export const MAX_AUTH_SCHEME_LENGTH = 64;

/**
 * HTTP's token characters (RFC 9110 §5.6.2, which an auth-scheme is): letters, digits and these.
 * Anything else (a space, a colon, a quote, a non-ASCII letter) would make a header a server cannot
 * split into scheme and key.
 */
const TOKEN_PUNCTUATION = "!#$%&'*+-.^_`|~";
const TOKEN = /^[A-Za-z0-9!#$%&'*+\-.^_`|~]+$/;
/** Today's API key format (groups of four hex digits), or most of one. */
const API_KEY_SHAPED = /[0-9A-Fa-f]{4}(-[0-9A-Fa-f]{4}){3,}/;

/** Why `word` cannot be the scheme word, in words an installer understands; undefined when it can. */
export function authSchemeProblem(word: string): string | undefined {
  if (word.trim() === '') return `Type the scheme word (${STANDARD_AUTH_SCHEME} unless your gateway asks for another)`;
  if (/\s/.test(word)) return 'The scheme word is one word: it cannot contain spaces';
  if (word.length > MAX_AUTH_SCHEME_LENGTH) return `The scheme word is at most ${MAX_AUTH_SCHEME_LENGTH} characters: is that the API key?`;
  // The settings file and the audit log keep the word in plain text: a key pasted here must not get there.
  if (API_KEY_SHAPED.test(word)) return 'That looks like the API key: it goes under "API key"; the scheme word is the word sent before it';
  if (word.toLowerCase() === 'basic') return 'Basic is a form of its own (the key is encoded, not sent as typed): choose "Basic" instead';
  if (!TOKEN.test(word)) {
    const bad = [...word].find((ch) => !TOKEN.test(ch)) ?? '';
    const shown = /^[\x21-\x7e]$/.test(bad) ? `"${bad}"` : `the character U+${(bad.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
    return `The scheme word cannot contain ${shown}: use letters, digits and ${TOKEN_PUNCTUATION.split('').join(' ')}`;
  }
  return undefined;
}

/** A scheme word as the contract and the settings file carry it: checked, with the reason when refused. */
export const AuthSchemeWord = z.string().superRefine((word, ctx) => {
  const problem = authSchemeProblem(word);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
