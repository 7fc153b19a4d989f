import { setTimeout as sleep } from 'node:timers/promises';
import { seeded } from '../stats';

/**
 * When the desk bench forces its next probe door. The goal it measures is latency at a stated load
 * (100 background changes/s), so the probes are spaced to add a known, small share of that load:
 * one every `everyMs` on average, each gap drawn from ±50 % so they do not fall into step with the
 * page's frames. A probe that is late does not make the next one come sooner, so a slow view is never
 * sent bursts to catch up.
 *
 * `everyMs` 0 is the closed loop the bench ran until 27 November: the next probe as soon as the last
 * was seen and cleared. Its load then depends on the view (a quicker view gets more alarms a second),
 * and at 2,000 items it added 28–44 probes a second, 55–90 alarms and clears, all on screen, on top of
 * the 100.
 */
export class ProbePace {
  readonly #random = seeded(11);
  #next = Date.now();

  constructor(private readonly everyMs: number) {
    if (!Number.isFinite(everyMs) || everyMs < 0) throw new Error(`BENCH_PROBE_EVERY_MS must be 0 or more milliseconds, not ${everyMs}`);
  }

  /** Resolves when the next probe is due (at once in the closed loop). */
  async due(): Promise<void> {
    if (this.everyMs === 0) return;
    const wait = this.#next - Date.now();
    if (wait > 0) await sleep(wait);
    this.#next = Math.max(this.#next, Date.now()) + this.everyMs * (0.5 + this.#random());
  }

  /** How the tables say it. */
  describe(): string {
    return this.everyMs === 0 ? 'probes back to back (BENCH_PROBE_EVERY_MS=0)' : `a probe every ${this.everyMs} ms on average`;
  }
}
