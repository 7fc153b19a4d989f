/**
 * The simulator's time. Everything that happens "later" (door relocks, timed overrides ending,
 * flood windows, status fetches) is scheduled here, so tests and demos can move time forward with
 * `advance` instead of waiting for real minutes to pass. Timers sit in a binary heap (a site of
 * 10,000 doors schedules thousands at once); cancelled ones are skipped when they reach the top.
 */
interface Timer {
  id: number;
  due: number;
  run: () => void;
}

export class SimClock {
  private offsetMs = 0;
  private heap: Timer[] = [];
  private readonly cancelled = new Set<number>();
  private nextId = 1;
  private wake: NodeJS.Timeout | undefined;
  private wakeAt = Number.POSITIVE_INFINITY;
  private stopped = false;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  /** Runs `run` once the simulated time reaches now + delayMs. Returns a handle for `cancel`. */
  schedule(delayMs: number, run: () => void): number {
    const timer = { id: this.nextId++, due: this.now() + Math.max(0, delayMs), run };
    this.push(timer);
    this.rearm();
    return timer.id;
  }

  cancel(id: number | undefined): void {
    if (id !== undefined) this.cancelled.add(id);
  }

  /**
   * Moves simulated time forward and runs every timer that falls due, in order. Time steps to each
   * timer's due time before it runs, so timers it schedules count from then (a relock after an
   * unlock after a badge all happen within one long advance).
   */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new Error('Time can only move forward');
    const target = this.now() + ms;
    while (this.heap.length > 0 && this.heap[0]!.due <= target) {
      const timer = this.pop()!;
      if (this.cancelled.delete(timer.id)) continue;
      if (timer.due > this.now()) this.offsetMs += timer.due - this.now();
      timer.run();
    }
    if (target > this.now()) this.offsetMs += target - this.now();
    this.fireDue();
  }

  stop(): void {
    this.stopped = true;
    this.heap = [];
    this.cancelled.clear();
    if (this.wake) clearTimeout(this.wake);
  }

  private fireDue(): void {
    while (this.heap.length > 0 && this.heap[0]!.due <= this.now()) {
      const timer = this.pop()!;
      if (this.cancelled.delete(timer.id)) continue;
      timer.run();
    }
    this.rearm();
  }

  private rearm(): void {
    if (this.stopped) return;
    while (this.heap.length > 0 && this.cancelled.has(this.heap[0]!.id)) this.cancelled.delete(this.pop()!.id);
    const next = this.heap[0]?.due ?? Number.POSITIVE_INFINITY;
    if (next === this.wakeAt && this.wake) return;
    if (this.wake) clearTimeout(this.wake);
    this.wake = undefined;
    this.wakeAt = next;
    if (next === Number.POSITIVE_INFINITY) return;
    this.wake = setTimeout(() => {
      this.wake = undefined;
      this.wakeAt = Number.POSITIVE_INFINITY;
      this.fireDue();
    }, Math.max(0, next - this.now()));
    this.wake.unref();
  }

  private push(timer: Timer): void {
    const heap = this.heap;
    heap.push(timer);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  private pop(): Timer | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let smallest = i;
        if (l < heap.length && this.before(heap[l]!, heap[smallest]!)) smallest = l;
        if (r < heap.length && this.before(heap[r]!, heap[smallest]!)) smallest = r;
        if (smallest === i) break;
        [heap[i], heap[smallest]] = [heap[smallest]!, heap[i]!];
        i = smallest;
      }
    }
    return top;
  }

  /** Earlier due first; equal due times run in the order they were scheduled. */
  private before(a: Timer, b: Timer): boolean {
    return a.due < b.due || (a.due === b.due && a.id < b.id);
  }
}
