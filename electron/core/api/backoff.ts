/**
 * The core's one back-off rule: the delay before retry number `attempt` (0 = the first) doubles from
 * `baseMs` up to `maxMs`, and is drawn from the upper half of that ceiling so many clients that failed
 * together do not retry together. Pure, so a watcher can keep only its attempt count.
 */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * Exponential back-off with full jitter, so many watchers that failed together do not retry together.
 * `random` is injectable for tests.
 */
export class Backoff {
  private attempt = 0;

  constructor(
    private readonly baseMs = 500,
    private readonly maxMs = 30_000,
    private readonly random: () => number = Math.random,
  ) {}

  /** The delay before the next attempt; grows with each call until reset. */
  next(): number {
    return backoffDelay(this.attempt++, this.baseMs, this.maxMs, this.random);
  }

  reset(): void {
    this.attempt = 0;
  }
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
