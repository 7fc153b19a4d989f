/** Requests that may leave within one refusal turnaround on trust, before the key is checked. */
export const REFUSAL_BURST = 4;
/** The shortest turnaround assumed, whatever the key checks measured (a busy desk answers itself late). */
const MIN_WINDOW_MS = 50;
/** The longest: on a link this slow the bound cannot hold anyway, and a longer wait would only stall the desk. */
const MAX_WINDOW_MS = 5_000;
/** How many recent key checks the turnaround is taken from (the slowest of them). */
const CHECKS_REMEMBERED = 3;

/** A request let go: `proven` once the server answered it without refusing the key. Or the refusal it shares. */
export type Admission<T> = { refused: T } | { proven(): void };

export interface RefusalBudgetOptions {
  burst?: number;
  now?: () => number;
}

/**
 * A key can be revoked, or a certificate unpinned, at any moment, and the desk learns it only from a
 * refusal one round trip later. Every request sent before that refusal comes back is refused too, and
 * ten refusals inside a minute raise the server's failure-flood alarm (docs/server-interface.md
 * §Limits). Many requests do leave in one instant: long-poll chains answered together by a change to
 * many items or renewing in step, the catalogue's searches, the board's first calls.
 *
 * So at most `burst` requests leave within one turnaround on trust, until an answer shows the key
 * stood when they left (requests sent one after another, as a search's pages, never wait). More go
 * at once while a request sent within the turnaround has just been answered. Otherwise they wait
 * while one cheap request asks whether the key still stands, and share its answer: accepted, they
 * all go; refused, they are all refused with it, unsent. The turnaround is learnt from the checks'
 * own round trips. A key revoked between that answer and the burst still costs the burst: a risk
 * of one round trip per burst, instead of the whole quiet time before it.
 *
 * `T` is what a refused check says (the transport's refusal answer), handed to each waiting request.
 */
export class RefusalBudget<T> {
  private readonly burst: number;
  private readonly now: () => number;
  /** When each request sent on trust in the current turnaround left (at most `burst`). */
  private trusted: number[] = [];
  private checking: Promise<T | undefined> | undefined;
  /** A refusal stands for one turnaround: requests queued just behind it are refused without a second check. */
  private refused: { verdict: T; until: number } | undefined;
  private readonly checkMs: number[] = [];
  /** When the latest request the server answered without refusing the key was sent. */
  private provenSentAt = -Infinity;

  constructor(
    /** Asks the server once whether the key stands: the refusal, or undefined (accepted, or no verdict: the requests find out themselves). */
    private readonly check: () => Promise<T | undefined>,
    options: RefusalBudgetOptions = {},
  ) {
    this.burst = options.burst ?? REFUSAL_BURST;
    this.now = options.now ?? Date.now;
  }

  /** How long a refusal takes to come back, as the desk can tell. */
  get windowMs(): number {
    const slowest = Math.max(0, ...this.checkMs);
    return Math.min(MAX_WINDOW_MS, Math.max(MIN_WINDOW_MS, 2 * slowest));
  }

  /** Resolves when a request may go, or with the refusal it shares; at once if `signal` aborts (the caller sees its own abort). */
  async admit(signal?: AbortSignal): Promise<Admission<T>> {
    const now = this.now();
    if (this.refused && now < this.refused.until) return { refused: this.refused.verdict };
    const windowMs = this.windowMs;
    this.trusted = this.trusted.filter((at) => now - at < windowMs);
    if (this.trusted.length < this.burst && !this.checking) {
      this.trusted.push(now);
      return this.admission(now);
    }
    // A request sent within the turnaround was answered: the key stood moments ago, as a check would
    // show (start-up's first calls answer at once, so they never wait).
    if (now - this.provenSentAt < windowMs) return this.admission(now);
    this.checking ??= this.runCheck();
    const verdict = await untilAborted(this.checking, signal);
    return verdict === undefined ? this.admission(this.now()) : { refused: verdict };
  }

  /** An answer to a request sent at `at` shows the key stood then, for it and every request sent before it. */
  private admission(at: number): Admission<T> {
    return { proven: () => this.proven(at) };
  }

  private proven(sentAt: number): void {
    this.trusted = this.trusted.filter((sent) => sent > sentAt);
    this.provenSentAt = Math.max(this.provenSentAt, sentAt);
  }

  private async runCheck(): Promise<T | undefined> {
    const sentAt = this.now();
    try {
      const verdict = await this.check();
      const answeredAt = this.now();
      this.checkMs.push(answeredAt - sentAt);
      if (this.checkMs.length > CHECKS_REMEMBERED) this.checkMs.shift();
      if (verdict !== undefined) this.refused = { verdict, until: answeredAt + this.windowMs };
      // Accepted: everything sent before the check is proven; the turnaround starts afresh.
      else this.proven(sentAt);
      return verdict;
    } catch {
      this.trusted = [];
      return undefined;
    } finally {
      this.checking = undefined;
    }
  }
}

function untilAborted<T>(verdict: Promise<T | undefined>, signal: AbortSignal | undefined): Promise<T | undefined> {
  if (!signal) return verdict;
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const quit = () => resolve(undefined);
    signal.addEventListener('abort', quit, { once: true });
    void verdict.then((v) => {
      signal.removeEventListener('abort', quit);
      resolve(v);
    });
  });
}
