/**
 * The simulator's time. Everything that happens "later" (door relocks, timed overrides ending,
 * flood windows) is scheduled here, so tests and demos can move time forward with `advance`
 * instead of waiting for real minutes to pass.
 */
interface Timer {
  id: number;
  due: number;
  run: () => void;
}

export class SimClock {
  private offsetMs = 0;
  private timers: Timer[] = [];
  private nextId = 1;
  private wake: NodeJS.Timeout | undefined;
  private stopped = false;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  /** Runs `run` once the simulated time reaches now + delayMs. Returns a handle for `cancel`. */
  schedule(delayMs: number, run: () => void): number {
    const timer = { id: this.nextId++, due: this.now() + Math.max(0, delayMs), run };
    this.timers.push(timer);
    this.rearm();
    return timer.id;
  }

  cancel(id: number | undefined): void {
    if (id === undefined) return;
    this.timers = this.timers.filter((t) => t.id !== id);
    this.rearm();
  }

  /** Moves simulated time forward and runs every timer that falls due, in order. */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new Error('Time can only move forward');
    this.offsetMs += ms;
    this.fireDue();
  }

  stop(): void {
    this.stopped = true;
    this.timers = [];
    if (this.wake) clearTimeout(this.wake);
  }

  private fireDue(): void {
    for (;;) {
      const now = this.now();
      const due = this.timers.filter((t) => t.due <= now).sort((a, b) => a.due - b.due)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      due.run();
    }
    this.rearm();
  }

  private rearm(): void {
    if (this.wake) clearTimeout(this.wake);
    this.wake = undefined;
    if (this.stopped || this.timers.length === 0) return;
    const next = Math.min(...this.timers.map((t) => t.due));
    this.wake = setTimeout(() => this.fireDue(), Math.max(0, next - this.now()));
    this.wake.unref();
  }
}
