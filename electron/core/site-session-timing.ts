import { DEFAULT_HEARTBEAT, TOLERATED_LATENCY_MS, type HeartbeatTiming } from './heartbeat';

/** How the session paces its own requests; tests shorten them. */
export interface SessionTiming {
  /** The heartbeat on connections of its own: finds a hung or unreachable server within seconds (heartbeat.ts). */
  heartbeat: HeartbeatTiming;
  /** How often the full check (/api, and the catalogue when due) runs while all is well. */
  recheckMs: number;
  /** How often the catalogue is loaded again (and at once whenever /api's links change or the desk reconnects). */
  catalogueMs: number;
  /** How long the probe of /api may take before the server counts as not answering (a slow server is not down). */
  probeTimeoutMs: number;
  /** At start-up, the longest the board's catalogue waits for what is read first (the alarm queue: SiteSession.onDiscovered). */
  firstReadsMs: number;
  /**
   * At start-up, with a stored board: how long /api may take to answer before the stored board is drawn
   * at once, and how long after that the server's own board may take (first-answers.ts). A stored board
   * of more than `items` is drawn at once: the server takes seconds to list a site that size.
   */
  lastKnownGrace: { answerMs: number; boardMs: number; items: number };
  /** Fewest ms between probes started by a watcher's failure or an overdue poll. */
  probeSpacingMs: number;
  /** Reconnect attempts while the server does not answer (or answers with nothing usable). */
  retry: { baseMs: number; maxMs: number };
  /** After a refused key: one authentication attempt per window, the window growing (the failure-flood rule). */
  authRetry: { baseMs: number; maxMs: number };
}

export const DEFAULT_TIMING: SessionTiming = {
  heartbeat: DEFAULT_HEARTBEAT,
  recheckMs: 30_000,
  catalogueMs: 5 * 60_000,
  probeTimeoutMs: TOLERATED_LATENCY_MS + 2_000,
  firstReadsMs: 3_000,
  lastKnownGrace: { answerMs: 300, boardMs: 1_000, items: 20_000 },
  probeSpacingMs: 2_000,
  retry: { baseMs: 1_000, maxMs: 30_000 },
  authRetry: { baseMs: 60_000, maxMs: 10 * 60_000 },
};

/** A probe of /api slower than this is shown on the bar: the desk works, but every answer comes late. */
export const SLOW_ANSWER_MS = 2_000;

/** The note and how slow, for ConnectionTracker.connected: nothing for an answer quicker than SLOW_ANSWER_MS. */
export function slowness(tookMs: number): { note?: string; slowMs?: number } {
  return tookMs >= SLOW_ANSWER_MS ? { note: slowAnswerWords(tookMs), slowMs: Math.round(tookMs) } : {};
}

/** What the bar says after an answer slower than SLOW_ANSWER_MS (a probe's, a command's, the heartbeat's). Whole seconds: the words change only when the slowness does. */
export function slowAnswerWords(tookMs: number): string {
  return `The server is slow: answers take about ${Math.max(1, Math.round(tookMs / 1000))} s`;
}
