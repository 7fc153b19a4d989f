/**
 * Shares a bounded number of long-poll slots among any number of watchers, first come first served.
 *
 * On HTTP/2 the slots outnumber the watched items and every poll is held as long as the server likes.
 * On HTTP/1.1 each held poll takes a whole connection; when more items want a slot than there are
 * slots, each poll is held only for a slice of time and then handed to the next in the queue. Cutting a
 * poll short loses nothing: the server keeps only the latest state, and the item's next call returns at
 * once if it changed meanwhile. The slice shrinks as the queue grows, so every item comes round within
 * about `rotationMs` however many are watched.
 */
export interface SchedulerOptions {
  slots: number;
  /** How long a poll may be held when nobody is waiting (the server's own wait plus slack). */
  fullHoldMs: number;
  /** Target time for every queued item to get a turn when slots are short. */
  rotationMs?: number;
  /** Shortest hold: below this the cost of reconnecting outweighs the turn. */
  minSliceMs?: number;
  now?: () => number;
}

export interface Lease {
  /** How long the holder may keep its poll open. */
  readonly holdMs: number;
  /** Aborted when the scheduler wants the slot back sooner than `holdMs` (someone has waited long enough). */
  readonly preempted: AbortSignal;
  release(): void;
}

interface Waiter {
  grant(lease: Lease): void;
  cancel(): void;
}

interface Held {
  grantedAt: number;
  yieldSlot: AbortController;
}

export class WatchScheduler {
  private slots: number;
  private readonly fullHoldMs: number;
  private readonly rotationMs: number;
  private readonly minSliceMs: number;
  private readonly now: () => number;
  private readonly queue: Waiter[] = [];
  private readonly held = new Set<Held>();
  private ticker: NodeJS.Timeout | undefined;

  constructor(options: SchedulerOptions) {
    this.slots = Math.max(1, options.slots);
    this.fullHoldMs = options.fullHoldMs;
    this.rotationMs = options.rotationMs ?? 20_000;
    this.minSliceMs = options.minSliceMs ?? 500;
    this.now = options.now ?? Date.now;
  }

  get capacity(): number {
    return this.slots;
  }

  get active(): number {
    return this.held.size;
  }

  get waiting(): number {
    return this.queue.length;
  }

  /** Changes the number of slots (once the protocol is known); waiters get any new ones at once. */
  setSlots(slots: number): void {
    this.slots = Math.max(1, slots);
    this.drain();
  }

  /** Resolves with a lease when a slot is free; rejects with the signal's reason if aborted while waiting. */
  acquire(signal?: AbortSignal): Promise<Lease> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new Error('aborted'));
      const onAbort = () => waiter.cancel();
      const waiter: Waiter = {
        grant: (lease) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(lease);
        },
        cancel: () => {
          const at = this.queue.indexOf(waiter);
          if (at !== -1) this.queue.splice(at, 1);
          reject(new Error('aborted'));
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
      this.drain();
      this.preemptOverdue();
    });
  }

  /** Stops the turn-taking timer (the monitor calls this when it stops). */
  dispose(): void {
    clearInterval(this.ticker);
    this.ticker = undefined;
  }

  /** The hold each poll gets now: everything when nobody waits, else a share of the rotation time. */
  sliceMs(): number {
    const demand = this.held.size + this.queue.length;
    if (demand <= this.slots) return this.fullHoldMs;
    const share = (this.rotationMs * this.slots) / demand;
    return Math.min(this.fullHoldMs, Math.max(this.minSliceMs, Math.round(share)));
  }

  private drain(): void {
    while (this.held.size < this.slots && this.queue.length > 0) {
      const waiter = this.queue.shift()!;
      waiter.grant(this.lease());
    }
    this.keepTurnsGoing();
  }

  /** While anyone waits, holders past their slice are asked to yield, checked every `minSliceMs`. */
  private keepTurnsGoing(): void {
    if (this.queue.length === 0) {
      clearInterval(this.ticker);
      this.ticker = undefined;
      return;
    }
    if (this.ticker) return;
    this.ticker = setInterval(() => this.preemptOverdue(), this.minSliceMs);
    this.ticker.unref?.();
  }

  private lease(): Lease {
    const held: Held = { grantedAt: this.now(), yieldSlot: new AbortController() };
    this.held.add(held);
    let released = false;
    return {
      holdMs: this.sliceMs(),
      preempted: held.yieldSlot.signal,
      release: () => {
        if (released) return;
        released = true;
        this.held.delete(held);
        this.drain();
      },
    };
  }

  /**
   * Polls granted while nobody waited were given the full hold; when a queue builds up behind them,
   * the oldest ones past the current slice give their slots up, as many as are waiting.
   */
  private preemptOverdue(): void {
    if (this.queue.length === 0 || this.held.size < this.slots) return;
    const slice = this.sliceMs();
    const now = this.now();
    let wanted = this.queue.length;
    for (const held of this.held) {
      if (wanted === 0) return;
      if (held.yieldSlot.signal.aborted) {
        wanted--;
        continue;
      }
      if (now - held.grantedAt < slice) return; // oldest first (insertion order): the rest are younger
      held.yieldSlot.abort();
      wanted--;
    }
  }
}
