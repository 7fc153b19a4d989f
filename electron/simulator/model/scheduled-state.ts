import type { SimClock } from '../clock';

interface Override<T, Extra> {
  value: T;
  extra: Extra;
  endTimer?: number;
}

/**
 * The override model access zones and alarm zones share (docs/server-interface.md §Overrides): the state the
 * schedule calls for (or a fixed one when there is no schedule) with an override on top. A timed
 * override runs to its end time; an untimed one ends at the next scheduled change; on a zone without
 * a schedule an untimed override simply becomes its state, as there is nothing to return to.
 * `Extra` rides along with an override (an access zone's PIN requirement).
 */
export class ScheduledState<T, Extra = undefined> {
  private override: Override<T, Extra> | undefined;

  constructor(
    private fixed: T,
    private scheduled: T | undefined,
    private readonly clock: SimClock,
    /** Told when a timed override ends by itself. */
    private readonly ended: () => void,
  ) {}

  get hasSchedule(): boolean {
    return this.scheduled !== undefined;
  }

  get value(): T {
    return this.override?.value ?? this.scheduled ?? this.fixed;
  }

  /** The extra of the override in force, if any. */
  get overrideExtra(): Extra | undefined {
    return this.override?.extra;
  }

  /** The schedule moves to its next entry: an untimed override ends here, a timed one runs on. */
  scheduleChange(value: T): void {
    this.scheduled = value;
    if (this.override && this.override.endTimer === undefined) this.override = undefined;
  }

  set(value: T, extra: Extra, endAt?: number): void {
    this.clear();
    if (!this.hasSchedule && endAt === undefined) {
      this.fixed = value;
      return;
    }
    const override: Override<T, Extra> = { value, extra };
    if (endAt !== undefined) {
      override.endTimer = this.clock.schedule(endAt - this.clock.now(), () => {
        if (this.override === override) this.override = undefined;
        this.ended();
      });
    }
    this.override = override;
  }

  /** Back to the schedule (or the fixed state). */
  clear(): void {
    this.clock.cancel(this.override?.endTimer);
    this.override = undefined;
  }
}
