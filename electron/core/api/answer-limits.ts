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

/** An array or object still to walk, and how it was reached (its path is spelt only when refused). */
interface Pending {
  value: object;
  depth: number;
  key: string;
  parent: Pending | undefined;
}

function pathOf(node: Pending | undefined, key?: string): string {
  const keys = key === undefined ? [] : [key];
  for (let at = node; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/**
 * Refuses a parsed answer that is nested too deeply, or holds an array, object or string over the
 * limits, naming where. Walks with an explicit stack: a deep answer must not overflow ours. Only arrays
 * and objects are put on it, and a path is spelt only for a refusal: a 10,000-item catalogue is walked
 * at every start, and a path string per value was a tenth of a second of the host's start.
 */
export function checkAnswerShape(value: unknown, what: string, limits: AnswerLimits = ANSWER_LIMITS): void {
  const refuse = (path: string, why: string): never => {
    throw new DeskError('invalid-response', `${what}: the server's answer ${why}${path ? ` at ${path.slice(0, 120)}` : ''}; Gatehouse does not read it`);
  };
  const checkString = (text: string, node: Pending | undefined, key?: string) => {
    if (text.length > limits.stringChars) refuse(pathOf(node, key), `has a string of ${text.length} characters, over the limit of ${limits.stringChars}`);
  };
  if (typeof value === 'string') return checkString(value, undefined);
  if (value === null || typeof value !== 'object') return;
  const stack: Pending[] = [{ value, depth: 0, key: '', parent: undefined }];
  const visit = (child: unknown, node: Pending, key: string) => {
    if (typeof child === 'string') checkString(child, node, key);
    else if (child !== null && typeof child === 'object') stack.push({ value: child, depth: node.depth + 1, key, parent: node });
  };
  while (stack.length > 0) {
    const node = stack.pop()!;
    const current = node.value;
    if (node.depth >= limits.depth) refuse(pathOf(node), `is nested more than ${limits.depth} levels deep`);
    if (Array.isArray(current)) {
      if (current.length > limits.entries) refuse(pathOf(node), `has ${current.length} items in one list, over the limit of ${limits.entries}`);
      for (let i = 0; i < current.length; i++) visit(current[i], node, String(i));
      continue;
    }
    const keys = Object.keys(current);
    if (keys.length > limits.entries) refuse(pathOf(node), `has ${keys.length} fields in one object, over the limit of ${limits.entries}`);
    for (const key of keys) {
      if (key.length > limits.stringChars) refuse(pathOf(node), `has a field name of ${key.length} characters, over the limit of ${limits.stringChars}`);
      visit((current as Record<string, unknown>)[key], node, key);
    }
  }
}
