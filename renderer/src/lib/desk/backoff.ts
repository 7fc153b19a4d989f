/** Reconnect delays: doubling from `firstMs` up to `maxMs`, with up to `jitter` of each delay added at random. */
export interface BackoffPolicy {
  firstMs: number;
  maxMs: number;
  /** Fraction (0…1) of the delay added at random so many desks do not retry in step. */
  jitter: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { firstMs: 1_000, maxMs: 30_000, jitter: 0.2 };

/** The delay before attempt number `attempt` (0 = the first retry after a drop). */
export function backoffDelay(attempt: number, policy: BackoffPolicy = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const base = Math.min(policy.maxMs, policy.firstMs * 2 ** Math.max(0, Math.min(attempt, 30)));
  return Math.round(base + base * policy.jitter * random());
}
