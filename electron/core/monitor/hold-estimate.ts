import { TOLERATED_LATENCY_MS } from '../heartbeat';

/**
 * How late past its hold an answer may come with the item still live: a server answering within
 * 10 s is slow, not down (the heartbeat admits a hung one within seconds, apart from this).
 */
export const ANSWER_MARGIN_MS = TOLERATED_LATENCY_MS + 2_000;

/** The spec's hold: a `next` call blocks up to about a minute, then returns without updates. */
export const SERVER_HOLD_MS = 60_000;

/** Shorter empty answers than this say nothing about the hold (an answer racing a change, a duplicate). */
const MIN_EVIDENCE_MS = 300;

/**
 * How long this server holds a long-poll without news, learnt from its empty answers (the minute of
 * the spec until one is seen). The desk knows from it when each poll is due back, so a server that
 * stops answering shows within seconds of a poll's due time, not after a fixed generous timeout.
 */
export class HoldEstimate {
  private observed = 0;

  constructor(private readonly defaultMs = SERVER_HOLD_MS) {}

  /** An answer without updates came back `ms` after it was sent, and the desk had not cut it short. */
  record(ms: number): void {
    if (ms >= MIN_EVIDENCE_MS) this.observed = Math.max(this.observed, ms);
  }

  get ms(): number {
    return this.observed || this.defaultMs;
  }

  /** When a poll sent at `sentAt` and held up to `holdMs` must have come back by. */
  dueAt(sentAt: number, holdMs: number): number {
    const hold = Math.min(holdMs, this.ms);
    return sentAt + hold + ANSWER_MARGIN_MS + Math.round(hold / 10);
  }
}
