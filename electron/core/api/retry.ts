import { DeskError } from '../../../shared/errors';
import { Backoff, sleep } from './backoff';
import { isTransient } from './failure-policy';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  baseMs: number;
  maxMs: number;
  random?: () => number;
}

/** A GET gets three tries spread over about a second and a half; enough for a dropped connection or a restart blip. */
export const GET_RETRY: RetryPolicy = { attempts: 3, baseMs: 250, maxMs: 2_000 };

/**
 * Runs an idempotent request again after a transient failure (network, timeout, 5xx), with back-off
 * and jitter. Anything else is final: a 401 retried would count towards the server's failure-flood
 * alarm, and a 4xx or a malformed answer would only repeat. Only GETs come here, never a POST.
 */
export async function withRetry<T>(attempt: () => Promise<T>, policy: RetryPolicy, signal?: AbortSignal): Promise<T> {
  const backoff = new Backoff(policy.baseMs, policy.maxMs, policy.random);
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (err) {
      const final = !(err instanceof DeskError) || !isTransient(err) || tries >= policy.attempts || signal?.aborted;
      if (final) throw err;
      await sleep(backoff.next(), signal);
    }
  }
}
