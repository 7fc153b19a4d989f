import { backoffDelay } from '../../../shared/backoff';

/**
 * The shared back-off rule (shared/backoff.ts) with its attempt count kept, for a retry loop.
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
