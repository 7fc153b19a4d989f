/** How the link to main waits between reconnects; the delays follow the one rule in shared/backoff.ts. */
export interface BackoffPolicy {
  firstMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { firstMs: 1_000, maxMs: 30_000 };
