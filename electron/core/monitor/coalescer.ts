import type { ItemStatus } from '../../../shared/domain';

/**
 * Keeps only the latest status per item and hands them on in one batch at most every `intervalMs`
 * (about a frame), so a burst of changes costs the renderer one update, not thousands.
 */
export class Coalescer<T extends { href: string } = ItemStatus> {
  private pending = new Map<string, T>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly emit: (batch: T[]) => void,
    private readonly intervalMs = 16,
  ) {}

  push(status: T): void {
    this.pending.set(status.href, status);
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.emit(batch);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }
}
