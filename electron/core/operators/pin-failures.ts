import type { LocalStore } from '../offline/local-store';

/**
 * Wrong PINs, kept in the local store so that neither a restart nor another operator's sign-in forgets
 * them. A subject is whose PIN it was: `desk-pin:<operator id>` for a desk PIN, `card:<card id>` for a
 * card's own PIN. A subject's correct PIN clears its own count (`cleared`); only a supervisor's lift
 * (`lifted`) takes failures out of the desk-wide count too.
 */

export const DESK_PIN_SUBJECT = 'desk-pin:';
export const CARD_SUBJECT = 'card:';

export interface FailureCount {
  count: number;
  /** When the last of them happened (ms since the epoch); 0 with none. */
  last: number;
}

export class PinFailures {
  constructor(
    private readonly store: LocalStore,
    private readonly now: () => number,
  ) {}

  record(subject: string): void {
    this.store.transaction(() => this.store.db.prepare('INSERT INTO pin_failures (subject, at) VALUES (?, ?)').run(subject, this.now()));
  }

  /** The subject's failures since its last correct PIN or lift. */
  of(subject: string): FailureCount {
    return this.count('subject = ? AND cleared = 0 AND lifted = 0', subject);
  }

  /** Every subject under `prefix` not lifted, in the last `withinMs`, whatever correct PINs came since. */
  across(prefix: string, withinMs: number): FailureCount {
    return this.count("subject LIKE ? ESCAPE '\\' AND lifted = 0 AND at > ?", `${escapeLike(prefix)}%`, this.now() - withinMs);
  }

  /** The subject's own correct PIN: its count starts again; the desk-wide count keeps them. */
  clear(subject: string): void {
    this.store.transaction(() => this.store.db.prepare('UPDATE pin_failures SET cleared = 1 WHERE subject = ? AND cleared = 0').run(subject));
  }

  /** A supervisor's lift: the subject's failures (or every subject's under a prefix ending in ':') count no more. */
  lift(subjectOrPrefix: string): number {
    const sql = subjectOrPrefix.endsWith(':')
      ? "UPDATE pin_failures SET lifted = 1 WHERE subject LIKE ? ESCAPE '\\' AND lifted = 0"
      : 'UPDATE pin_failures SET lifted = 1 WHERE subject = ? AND lifted = 0';
    const arg = subjectOrPrefix.endsWith(':') ? `${escapeLike(subjectOrPrefix)}%` : subjectOrPrefix;
    return this.store.transaction(() => this.store.db.prepare(sql).run(arg).changes);
  }

  private count(where: string, ...args: (string | number)[]): FailureCount {
    const row = this.store.db.prepare(`SELECT COUNT(*) AS count, COALESCE(MAX(at), 0) AS last FROM pin_failures WHERE ${where}`).get(...args) as FailureCount;
    return { count: row.count, last: row.last };
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
