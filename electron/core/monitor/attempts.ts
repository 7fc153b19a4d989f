/**
 * Runs the session's connection attempts one at a time: now, or at a set time. An attempt asked for
 * while one is under way is not run twice; the running one decides what comes next.
 */
export class AttemptScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private due: number | undefined;
  private startedAt = 0;

  constructor(
    private readonly attempt: () => Promise<void>,
    private readonly now: () => number = Date.now,
  ) {}

  /** When the next attempt is planned (undefined while one runs or none is planned). */
  get nextAt(): number | undefined {
    return this.due;
  }

  get busy(): boolean {
    return this.running !== undefined;
  }

  /** How long ago the last attempt started. */
  sinceLastMs(): number {
    return this.now() - this.startedAt;
  }

  /** Runs an attempt now unless one is under way, and resolves once that attempt is over. */
  async runAndWait(): Promise<void> {
    this.runNow();
    await this.running;
  }

  runNow(): void {
    if (this.running) return;
    this.cancel();
    this.startedAt = this.now();
    this.running = this.attempt().finally(() => (this.running = undefined));
  }

  /**
   * Runs an attempt as soon as one may: no sooner than `spacingMs` after the last one started, and not
   * while one is under way or one is already planned sooner.
   */
  soon(spacingMs: number): void {
    if (this.running) return;
    const wait = spacingMs - this.sinceLastMs();
    if (wait <= 0) return this.runNow();
    const at = this.now() + wait;
    if (this.due === undefined || this.due > at) this.at(at);
  }

  at(time: number): void {
    this.cancel();
    this.due = time;
    this.timer = setTimeout(() => {
      this.timer = this.due = undefined;
      this.runNow();
    }, Math.max(0, time - this.now()));
    this.timer.unref?.();
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = this.due = undefined;
  }

  /** Resolves once no attempt runs (for stopping). */
  async settled(): Promise<void> {
    this.cancel();
    await this.running;
  }
}
