/**
 * Gatehouse's one back-off rule, used by the core's watchers and retries and by the renderer's link to
 * main: the delay before retry number `attempt` (0 = the first) doubles from `baseMs` up to `maxMs`,
 * and is drawn from the upper half of that ceiling so many clients that failed together do not retry
 * together. Pure, so a caller can keep only its attempt count.
 */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(0, attempt), 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
