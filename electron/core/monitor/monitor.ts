import type { ItemStatus } from '../../../shared/domain';
import type { DeskError } from '../../../shared/errors';
import type { Transport } from '../api/transport';
import { Coalescer } from './coalescer';
import { Watcher, type WatchTarget } from './watcher';

export interface MonitorEvents {
  /** Latest statuses, at most one batch per ~16 ms, one entry per item. */
  delta(batch: ItemStatus[]): void;
  answered(): void;
  failed(error: DeskError): void;
}

/** Watches a set of items, one long-poll chain each, and merges their news into coalesced deltas. */
export class Monitor {
  private readonly watchers = new Map<string, Watcher>();
  private readonly coalescer: Coalescer;

  constructor(
    private readonly transport: Transport,
    private readonly events: MonitorEvents,
  ) {
    this.coalescer = new Coalescer((batch) => events.delta(batch));
  }

  /** Makes the watched set exactly `targets`: new ones start, missing ones stop. */
  watch(targets: readonly WatchTarget[]): void {
    const wanted = new Map(targets.map((t) => [t.href, t]));
    for (const [href, watcher] of this.watchers) {
      if (!wanted.has(href)) {
        watcher.stop();
        this.watchers.delete(href);
      }
    }
    for (const [href, target] of wanted) {
      if (this.watchers.has(href)) continue;
      this.watchers.set(
        href,
        new Watcher(this.transport, target, {
          status: (s) => this.coalescer.push(s),
          answered: () => this.events.answered(),
          failed: (e) => this.events.failed(e),
        }),
      );
    }
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
  }
}
