/**
 * Runs `show` at once for a change that comes alone, and at most once per `intervalMs` while changes
 * keep coming (the last of them always shown). For what a person reads as a whole, like the attention
 * strip: redrawn on every one of 100 changes a second, it kept Chromium drawing frames without pause
 * (40 % of a core on the desk bench, the board's latency doubled), and nobody can read a list that
 * changes fifty times a second.
 */
export class Paced {
  #shownAt = Number.NEGATIVE_INFINITY;
  #due: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly intervalMs: number,
    private readonly show: () => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Something changed: shown now, or at the end of the current interval. */
  changed(): void {
    if (this.#due !== undefined) return;
    const wait = this.#shownAt + this.intervalMs - this.now();
    if (wait <= 0) return this.#run();
    this.#due = setTimeout(() => this.#run(), wait);
  }

  /**
   * Shown just now by other means (the strip's arrivals, shown-attention.ts): the next paced showing
   * is an interval from now at the soonest. One already due keeps its time.
   */
  shownNow(): void {
    this.#shownAt = this.now();
  }

  /** Shown now, whatever the interval (a new board): a change waiting is shown with it. */
  flush(): void {
    this.#run();
  }

  #run(): void {
    if (this.#due !== undefined) clearTimeout(this.#due);
    this.#due = undefined;
    this.#shownAt = this.now();
    this.show();
  }
}
