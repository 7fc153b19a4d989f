import type { DeskError } from '../../../shared/errors';
import type { Transport } from '../api/transport';
import { Coalescer } from './coalescer';
import { WatchScheduler } from './watch-scheduler';
import type { ItemStatus } from '../../../shared/domain';
import { LONG_POLL_TIMEOUT_MS, Watcher, type WatchTarget } from './watcher';

export interface MonitorEvents {
  /** Latest statuses, at most one batch per ~16 ms, one entry per item. */
  delta(batch: ItemStatus[]): void;
  answered(): void;
  /** The first failure of a burst; `retryAt` says when its chain tries again. */
  failed(error: DeskError, retryAt?: number): void;
}

export interface MonitorOptions {
  /** Slots to use until the server's protocol is known (then the transport's capacity decides). */
  initialSlots?: number;
  /** Target time for every item to get a turn when HTTP/1.1 slots are short. */
  rotationMs?: number;
}

/**
 * Watches a set of items, one long-poll chain each, sharing the transport's long-poll capacity
 * fairly (see WatchScheduler), and merges their news into coalesced deltas.
 */
export class Monitor {
  private readonly watchers = new Map<string, Watcher>();
  private readonly coalescer: Coalescer<ItemStatus>;
  readonly scheduler: WatchScheduler;
  private sized: Promise<void> | undefined;
  /** A failure was reported and no answer has come since: thousands of watchers failing together report once. */
  private failing = false;

  constructor(
    private readonly transport: Transport,
    private readonly events: MonitorEvents,
    options: MonitorOptions = {},
  ) {
    this.coalescer = new Coalescer<ItemStatus>((batch) => events.delta(batch));
    this.scheduler = new WatchScheduler({
      slots: options.initialSlots ?? 8,
      fullHoldMs: LONG_POLL_TIMEOUT_MS,
      rotationMs: options.rotationMs,
    });
  }

  /** Asks the transport once how many polls it can hold; until it answers a few slots do (first calls return at once). */
  private sizeSlots(): void {
    this.sized ??= this.transport.watchCapacity().then(
      (capacity) => this.scheduler.setSlots(capacity.slots),
      () => {
        this.sized = undefined; // the watchers' own requests report the failure and back off; ask again later
      },
    );
  }

  /** Makes the watched set exactly `targets`: new ones start, missing ones stop. */
  watch(targets: readonly WatchTarget[]): void {
    const wanted = new Set(targets.map((t) => t.href));
    this.remove([...this.watchers.keys()].filter((href) => !wanted.has(href)));
    this.add(targets);
  }

  /** Starts watching these items (ones already watched are left alone). */
  add(targets: readonly WatchTarget[]): void {
    if (targets.length > 0) this.sizeSlots();
    for (const target of targets) {
      if (this.watchers.has(target.href)) continue;
      this.watchers.set(
        target.href,
        new Watcher(this.transport, this.scheduler, target, {
          status: (s) => this.coalescer.push(s),
          answered: () => {
            this.failing = false;
            this.events.answered();
          },
          failed: (e, retryAt) => {
            if (this.failing && e.code !== 'unauthorised') return;
            this.failing = true;
            this.events.failed(e, retryAt);
          },
        }),
      );
    }
  }

  /** Stops watching these items; their slots go to the others at once. */
  remove(hrefs: readonly string[]): void {
    for (const href of hrefs) {
      this.watchers.get(href)?.stop();
      this.watchers.delete(href);
    }
  }

  has(href: string): boolean {
    return this.watchers.has(href);
  }

  get size(): number {
    return this.watchers.size;
  }

  async stop(): Promise<void> {
    const all = [...this.watchers.values()];
    this.watchers.clear();
    for (const w of all) w.stop();
    await Promise.all(all.map((w) => w.done));
    this.coalescer.flush();
    this.coalescer.dispose();
    this.scheduler.dispose();
  }
}
