import type { ItemStatus } from '../../../shared/domain';

/**
 * Keeps only the latest status per item and hands them on in batches, at most one every `intervalMs`
 * (half a frame by default), so a burst of changes costs the renderer one update, not thousands.
 *
 * The first change after a quiet interval goes out at once (on the next turn of the event loop, so a
 * subscription answer's many updates still make one batch): waiting out a whole interval before every
 * lone change put a frame of delay on the path of every door a guard watches. Only changes that come
 * while a batch went out less than an interval ago wait for the interval's end.
 */
export class Coalescer<T extends { href: string } = ItemStatus> {
  private pending = new Map<string, T>();
  private timer: NodeJS.Timeout | undefined;
  private lastEmittedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly emit: (batch: T[]) => void,
    private readonly intervalMs = 8,
  ) {}

  push(status: T): void {
    this.pending.set(status.href, status);
    if (this.timer) return;
    const wait = Math.max(0, this.lastEmittedAt + this.intervalMs - Date.now());
    this.timer = setTimeout(() => this.flush(), wait);
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.lastEmittedAt = Date.now();
    this.emit(batch);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }
}
