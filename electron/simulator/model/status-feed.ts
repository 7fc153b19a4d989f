/**
 * Change notification for one item's status. Long-polls wait here; any change wakes them all at
 * once. Only the latest state exists (callers recompute what to send), which is what docs/server-interface.md §Updates means by
 * "one call catches a client up".
 */
export type WaitOutcome = 'changed' | 'timeout' | 'stopped';

export class StatusFeed {
  private waiters = new Set<(outcome: WaitOutcome) => void>();

  get waiting(): number {
    return this.waiters.size;
  }

  changed(): void {
    const woken = [...this.waiters];
    this.waiters.clear();
    for (const wake of woken) wake('changed');
  }

  /**
   * Resolves on the next change, after `timeoutMs` of real time, when `stopAll` runs, or when
   * `signal` aborts (the client went away).
   */
  wait(timeoutMs: number, signal?: AbortSignal): Promise<WaitOutcome> {
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve('stopped');
      const wake = (outcome: WaitOutcome) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.waiters.delete(wake);
        resolve(outcome);
      };
      const onAbort = () => wake('stopped');
      const timer = setTimeout(() => wake('timeout'), Math.max(0, timeoutMs));
      signal?.addEventListener('abort', onAbort);
      this.waiters.add(wake);
    });
  }

  stopAll(): void {
    const woken = [...this.waiters];
    this.waiters.clear();
    for (const wake of woken) wake('stopped');
  }
}
