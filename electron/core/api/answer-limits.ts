import { DeskError } from '../../../shared/errors';

/**
 * How much of a server's answer Gatehouse will hold. The server is trusted to be the site's, not to be
 * well behaved: a broken or hostile one must not be able to make the desk run out of memory, so every
 * answer is bounded and going over a bound is an error that names it. Each bound is far above what the
 * server interface produces (docs/server-interface.md §Collections: at most `top` items a page, 1000 by
 * default from 8.70).
 */
export interface AnswerLimits {
  /** Bytes of one ordinary answer's body. */
  answerBytes: number;
  /** Bytes of one long-poll (updates) answer's body: a handful of status fields. */
  watchAnswerBytes: number;
  /** Nesting of arrays and objects in one answer. */
  depth: number;
  /** Elements of one array, or members of one object (so also results per search page). */
  entries: number;
  /** Characters of one string (a name, a note, an href). */
  stringChars: number;
  /** Pages one search follows through `next`. */
  pagesPerSearch: number;
  /** Items one search collects over all its pages. */
  itemsPerSearch: number;
}

export const ANSWER_LIMITS: AnswerLimits = {
  answerBytes: 16 * 1024 * 1024,
  watchAnswerBytes: 1024 * 1024,
  depth: 32,
  entries: 10_000,
  stringChars: 64 * 1024,
  pagesPerSearch: 2_000,
  itemsPerSearch: 200_000,
};

export function describeBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${bytes / 1024} KiB`;
}

/**
 * Refuses a parsed answer that is nested too deeply, or holds an array, object or string over the
 * limits, naming where. Walks with an explicit stack: a deep answer must not overflow ours.
 */
export function checkAnswerShape(value: unknown, what: string, limits: AnswerLimits = ANSWER_LIMITS): void {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  const refuse = (path: string, why: string): never => {
    throw new DeskError('invalid-response', `${what}: the server's answer ${why}${path ? ` at ${path.slice(0, 120)}` : ''}; Gatehouse does not read it`);
  };
  while (stack.length > 0) {
    const next = stack.pop()!;
    const current = next.value;
    if (typeof current === 'string') {
      if (current.length > limits.stringChars) {
        refuse(next.path, `has a string of ${current.length} characters, over the limit of ${limits.stringChars}`);
      }
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (next.depth >= limits.depth) refuse(next.path, `is nested more than ${limits.depth} levels deep`);
    const entries = Array.isArray(current) ? current.map((v, i) => [String(i), v] as const) : Object.entries(current);
    if (entries.length > limits.entries) {
      refuse(next.path, `has ${entries.length} ${Array.isArray(current) ? 'items in one list' : 'fields in one object'}, over the limit of ${limits.entries}`);
    }
    for (const [key, child] of entries) {
      if (key.length > limits.stringChars) refuse(next.path, `has a field name of ${key.length} characters, over the limit of ${limits.stringChars}`);
      stack.push({ value: child, path: next.path ? `${next.path}.${key}` : key, depth: next.depth + 1 });
    }
  }
}
