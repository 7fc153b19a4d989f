/**
 * What is read first at start-up, once the server has answered /api and before the board's catalogue:
 * the alarm queue (electron/core/alarms/site-alarms.ts). The guard's alarms are not queued behind
 * 10,000 items, and the last-known board is on screen meanwhile. Owned by SiteSession.
 */
export class FirstReads {
  private readonly listeners = new Set<() => Promise<void> | void>();

  /** `listener` runs when the server first answers; the catalogue waits for its promise (capped). Returns its removal. */
  add(listener: () => Promise<void> | void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Runs every listener and settles once all their promises have (fulfilled or rejected), or after
   * `capMs`, or when `signal` aborts, whichever is first: a slow or hanging read never holds the
   * board back longer than the cap.
   */
  async run(signal: AbortSignal, capMs: number): Promise<void> {
    const reads = Promise.allSettled([...this.listeners].map((listener) => listener()));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cap = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, capMs);
      signal.addEventListener('abort', () => resolve(), { once: true });
    });
    await Promise.race([reads, cap]);
    clearTimeout(timer);
  }
}
