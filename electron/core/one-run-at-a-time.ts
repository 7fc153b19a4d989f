/**
 * A job that runs one at a time (sending the outbox, reading the visits): asked while it runs, it runs
 * once more after that run, however often it was asked meanwhile, so a change made during a run is never
 * missed and never sent or read twice at once. Every caller waits on the run under way.
 */
export class OneRunAtATime {
  private running: Promise<void> | undefined;
  private again = false;

  /** `afterEach` runs once each run has ended, whether it failed or not. */
  constructor(
    private readonly job: () => Promise<void>,
    private readonly afterEach: () => void = () => undefined,
  ) {}

  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.job().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        void this.run();
      }
      this.afterEach();
    });
    return this.running;
  }
}
