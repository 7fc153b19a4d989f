import { DeskError } from '../../shared/errors';
import type { Discovery } from './api/discovery';
import { errorForFailure } from './api/errors';
import { failureKind } from './api/failure-policy';

/** How the heartbeat paces itself; tests may shorten them. */
export interface HeartbeatTiming {
  /** A beat leaves this often, whether or not earlier ones are answered (a slow server has several out). */
  everyMs: number;
  /** A beat whose connection has not finished its TLS handshake by then: the server is hung or unreachable. */
  reachMs: number;
  /** An answer slower than this is shown as a slow server (the board stays live). */
  slowMs: number;
  /** A beat that reached the server but is unanswered this long: the server no longer answers at all. */
  answerMs: number;
}

/**
 * A server answering within 10 s is slow, not down (issue 34); the beat allows that plus the time a
 * loaded desk may take to read the answer.
 */
export const TOLERATED_LATENCY_MS = 10_000;

export const DEFAULT_HEARTBEAT: HeartbeatTiming = { everyMs: 2_000, reachMs: 2_500, slowMs: 2_000, answerMs: TOLERATED_LATENCY_MS + 2_000 };

/**
 * What the heartbeat makes of the server now:
 * - fine: the newest answer came quickly;
 * - slow: the server is there (its connections handshake) but answers late; `tookMs` is the newest
 *   answer's time, or how long the newest beat has waited;
 * - down: a beat's connection did not handshake in time, or failed, or the server took a beat and has
 *   not answered it for `answerMs`; `since` is when the desk last heard from it;
 * - refused: a beat's key or certificate was refused (a final failure: the session stops everything).
 */
export type Pulse =
  | { state: 'fine'; discovery?: Discovery }
  | { state: 'slow'; tookMs: number; discovery?: Discovery }
  | { state: 'down'; since: number; reason: string }
  | { state: 'refused'; error: DeskError };

/** One beat: `GET /api` on a connection of its own; `reached` once that connection's TLS handshake is done. */
export type Beat = (signal: AbortSignal, reached: () => void) => Promise<Discovery>;

interface Sent {
  sentAt: number;
  reachedAt?: number;
  /** Answered (or failed) after this many ms. */
  tookMs?: number;
  failure?: DeskError;
  discovery?: Discovery;
  abort: AbortController;
}

/**
 * The desk's own heartbeat to the server: one cheap request every ~2 s, each on a connection of its
 * own, so neither long-polls nor commands can hold it up and a hung or unreachable server is admitted
 * within `everyMs + reachMs` (under 5 s), however long the server holds its long-polls. Telling a slow
 * server from a hung one: a slow server's process still finishes a TLS handshake at once and answers
 * late; a hung one (stopped, or the network gone) does neither. One request per desk, never per item.
 */
export class Heartbeat {
  private beats: Sent[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly checks = new Set<NodeJS.Timeout>();
  private lastHeardAt: number;
  private last: Pulse | undefined;

  constructor(
    private readonly beat: Beat,
    private readonly report: (pulse: Pulse) => void,
    private readonly timing: HeartbeatTiming = DEFAULT_HEARTBEAT,
    private readonly now: () => number = Date.now,
  ) {
    this.lastHeardAt = now();
  }

  get running(): boolean {
    return this.timer !== undefined;
  }

  /** What the heartbeat last reported (undefined before its first verdict). */
  get current(): Pulse | undefined {
    return this.last;
  }

  /** Beats now and every `everyMs` until stopped; the desk last heard from the server `heardAt`. */
  start(heardAt = this.now()): void {
    if (this.timer) return;
    this.lastHeardAt = Math.max(this.lastHeardAt, heardAt);
    this.timer = setInterval(() => this.send(), this.timing.everyMs);
    this.timer.unref?.();
    this.send();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    for (const check of this.checks) clearTimeout(check);
    this.checks.clear();
    for (const b of this.beats) b.abort.abort();
    this.beats = [];
    this.last = undefined;
  }

  private send(): void {
    const sent: Sent = { sentAt: this.now(), abort: new AbortController() };
    this.beats.push(sent);
    const { signal } = sent.abort;
    const giveUp = setTimeout(() => sent.abort.abort(), this.timing.answerMs);
    giveUp.unref?.();
    // Verdicts fall due without any answer: check at each of this beat's moments.
    for (const ms of [this.timing.slowMs, this.timing.reachMs, this.timing.answerMs]) this.checkAt(ms);
    const reached = () => {
      sent.reachedAt ??= this.now();
      this.heard(sent.reachedAt);
      this.evaluate();
    };
    this.beat(signal, reached).then(
      (discovery) => {
        sent.discovery = discovery;
        this.settle(sent);
      },
      (err: unknown) => {
        if (!this.running) return;
        const error = errorForFailure(err, 'The heartbeat');
        // Given up after the server took it: it stays a beat the server never answered (see verdict).
        if (signal.aborted && sent.reachedAt !== undefined) return this.evaluate();
        if (signal.aborted) sent.failure = new DeskError('timeout', this.unanswered());
        // Only a failure below HTTP says the server is away; any answer (a 5xx, a malformed body) says it is there.
        else if (failureKind(error) === 'final' || (failureKind(error) === 'transient' && error.code !== 'server-error')) sent.failure = error;
        this.settle(sent);
      },
    ).finally(() => clearTimeout(giveUp));
  }

  private settle(sent: Sent): void {
    if (!this.running) return;
    sent.tookMs = this.now() - sent.sentAt;
    if (!sent.failure) {
      sent.reachedAt ??= this.now();
      this.heard(this.now());
    }
    this.evaluate();
  }

  private heard(at: number): void {
    this.lastHeardAt = Math.max(this.lastHeardAt, at);
  }

  private checkAt(ms: number): void {
    const check = setTimeout(() => {
      this.checks.delete(check);
      if (this.running) this.evaluate();
    }, ms + 1);
    check.unref?.();
    this.checks.add(check);
  }

  private evaluate(): void {
    const pulse = this.verdict(this.now());
    if (pulse) {
      this.last = pulse;
      this.report(pulse);
    }
    // Settled beats older than the newest answered one say nothing any more.
    const newest = this.newestAnswered();
    if (newest) this.beats = this.beats.filter((b) => b.sentAt >= newest.sentAt);
  }

  private newestAnswered(): Sent | undefined {
    let newest: Sent | undefined;
    for (const b of this.beats) if (b.tookMs !== undefined && !b.failure && (!newest || b.sentAt > newest.sentAt)) newest = b;
    return newest;
  }

  /** The newest evidence decides: beats sent before the newest answered one no longer count. */
  private verdict(now: number): Pulse | undefined {
    const answered = this.newestAnswered();
    const after = this.beats.filter((b) => !answered || b.sentAt > answered.sentAt);
    const refused = after.find((b) => b.failure && failureKind(b.failure) === 'final');
    if (refused) return { state: 'refused', error: refused.failure! };
    // The newest beat that reached the server outranks failures sent before it.
    const reachedAfter = after.filter((b) => b.reachedAt !== undefined && !b.failure).map((b) => b.sentAt);
    const newestReach = Math.max(answered?.sentAt ?? -Infinity, ...reachedAfter);
    const failed = after.find((b) => b.failure && b.sentAt > newestReach);
    if (failed) return this.down(failed.failure!.message);
    const unreached = after.find((b) => b.reachedAt === undefined && b.tookMs === undefined && b.sentAt > newestReach && now - b.sentAt >= this.timing.reachMs);
    if (unreached) return this.down('The server has stopped answering: it may have hung, or the network to it is down');
    const waiting = after.filter((b) => b.reachedAt !== undefined && b.tookMs === undefined);
    const oldestWaiting = Math.min(...waiting.map((b) => b.sentAt));
    if (now - oldestWaiting >= this.timing.answerMs) {
      return this.down(this.unanswered());
    }
    const discovery = answered?.discovery;
    // A beat the server took and has not answered in `slowMs`: slow already, before its answer comes.
    if (waiting.length > 0 && now - oldestWaiting >= this.timing.slowMs) {
      return withDiscovery({ state: 'slow', tookMs: Math.max(now - oldestWaiting, answered?.tookMs ?? 0) }, discovery);
    }
    if (!answered) return undefined;
    if (answered.tookMs! >= this.timing.slowMs) return withDiscovery({ state: 'slow', tookMs: answered.tookMs! }, discovery);
    return withDiscovery({ state: 'fine' }, discovery);
  }

  private unanswered(): string {
    return `The server takes requests but has not answered any for ${Math.round(this.timing.answerMs / 1000)} s`;
  }

  private down(reason: string): Pulse {
    return { state: 'down', since: this.lastHeardAt, reason };
  }
}

function withDiscovery<P extends { state: 'fine' | 'slow' }>(pulse: P, discovery: Discovery | undefined): P & { discovery?: Discovery } {
  return discovery ? { ...pulse, discovery } : pulse;
}


