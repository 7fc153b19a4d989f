import type { EventLog } from '../model/event-log';

const WINDOW_MS = 60_000;
const LIMIT = 10;
const QUIET_MS = 5 * 60_000;

/**
 * The flood rule (Limits, Events 1): more than ten failures inside a minute stops individual
 * events; instead one summary alarm a minute, with the count since the flood began, while failures
 * continue. Individual events resume after five minutes without a failure.
 */
export class FailureFlood {
  private recent: number[] = [];
  private flooding = false;
  private floodCount = 0;
  private lastFailureAt = Number.NEGATIVE_INFINITY;
  private lastAlarmAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly events: EventLog,
    private readonly now: () => number,
    /** The server item's division: authentication events come from the server. */
    private readonly division?: string,
  ) {}

  record(reason: string, source: string): void {
    const t = this.now();
    if (this.flooding && t - this.lastFailureAt >= QUIET_MS) {
      this.flooding = false;
      this.recent = [];
    }
    this.lastFailureAt = t;
    if (this.flooding) {
      this.floodCount++;
      this.maybeAlarm(t);
      return;
    }
    this.recent = this.recent.filter((at) => t - at < WINDOW_MS);
    this.recent.push(t);
    if (this.recent.length > LIMIT) {
      this.flooding = true;
      this.floodCount = this.recent.length;
      this.lastAlarmAt = Number.NEGATIVE_INFINITY;
      this.maybeAlarm(t);
      return;
    }
    this.events.add({ type: 'auth-failure', reason, source, division: this.division });
  }

  private maybeAlarm(t: number): void {
    if (t - this.lastAlarmAt < WINDOW_MS) return;
    this.lastAlarmAt = t;
    this.events.add({
      type: 'auth-flood-alarm',
      message: 'A large volume of requests has been denied',
      count: this.floodCount,
      division: this.division,
    });
  }
}
