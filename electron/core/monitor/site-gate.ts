/**
 * Whether the site's watchers may send requests now. One per site session, shared by every watcher:
 *
 * - open: requests go out.
 * - paused: the server is not answering; the session's probe alone retries, watchers wait. Polls in
 *   flight are ended too: on a hung server they would only hang, and once it answers again every
 *   watcher should ask afresh.
 * - halted: a final failure (a refused key or certificate). Every request in flight is aborted at
 *   once and nothing more is sent until the session reopens the gate: a thousand watchers must not
 *   each try a refused key (the server's failure-flood alarm).
 */
export type GateState = 'open' | 'paused' | 'halted';

export class SiteGate {
  private current: GateState = 'open';
  /** Polls in flight, ended when the gate closes. A set, not listeners on one signal: ten thousand of those cost O(n) each. */
  private readonly inFlight = new Set<AbortController>();
  private reopened: Promise<void> | undefined;
  private release: (() => void) | undefined;
  /** Watchers sleeping out a back-off: woken when the gate reopens, since the server answers again. */
  private readonly sleepers = new Set<() => void>();
  /** Those of them sleeping out a refusal (licence, privilege): see `scout`. */
  private readonly refusedSleepers = new Set<() => void>();
  private closures = 0;

  get state(): GateState {
    return this.current;
  }

  /** How many times the gate has closed: a watcher that sees it changed starts its chain afresh. */
  get closedCount(): number {
    return this.closures;
  }

  /**
   * Waits `ms`, or less: until `signal` aborts, or the gate reopens after being closed (the session's
   * probe found the server answering, so a back-off sized for a server away is over). A `refused`
   * sleeper (a licence, a privilege, an answer it could not read) may be woken early as a scout, or
   * with every other one once an item is heard again: see `scout`.
   */
  sleep(ms: number, signal: AbortSignal, refused = false): Promise<void> {
    if (signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        this.sleepers.delete(done);
        this.refusedSleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
      this.sleepers.add(done);
      if (refused) this.refusedSleepers.add(done);
    });
  }

  /** Chains sleeping out a refusal now. */
  get refusedWaiting(): number {
    return this.refusedSleepers.size;
  }

  /**
   * Wakes one chain sleeping out a refusal, picked at random: one request tells whether licences or
   * privileges are back, where waking them all would send one request per item. `random` in [0, 1).
   */
  scout(random: number): void {
    const all = [...this.refusedSleepers];
    all[Math.floor(random * all.length)]?.();
  }

  /** An item was heard again after a failure: whatever refused the others may be over too. */
  wakeRefused(): void {
    for (const wake of [...this.refusedSleepers]) wake();
  }

  /** Registers a request in flight: aborted if the gate closes before `done` is called. */
  enter(request: AbortController): { done(): void } {
    if (this.current !== 'open') request.abort();
    else this.inFlight.add(request);
    return { done: () => this.inFlight.delete(request) };
  }

  /** Resolves true once requests may go out; false if `signal` aborts first. */
  async pass(signal: AbortSignal): Promise<boolean> {
    while (this.current !== 'open') {
      if (signal.aborted) return false;
      await new Promise<void>((resolve) => {
        const done = () => {
          signal.removeEventListener('abort', done);
          resolve();
        };
        signal.addEventListener('abort', done, { once: true });
        void this.waitOpen().then(done);
      });
    }
    return !signal.aborted;
  }

  pause(): void {
    if (this.current === 'open') this.close('paused');
  }

  /** Stops everything at once until reopened. */
  haltAll(): void {
    if (this.current !== 'halted') this.close('halted');
  }

  open(): void {
    if (this.current === 'open') return;
    this.current = 'open';
    const release = this.release;
    this.reopened = this.release = undefined;
    release?.();
    for (const wake of [...this.sleepers]) wake();
  }

  private close(state: Exclude<GateState, 'open'>): void {
    this.current = state;
    this.closures++;
    this.reopened ??= new Promise((resolve) => (this.release = resolve));
    const all = [...this.inFlight];
    this.inFlight.clear();
    for (const request of all) request.abort();
  }

  private waitOpen(): Promise<void> {
    return this.reopened ?? Promise.resolve();
  }
}
