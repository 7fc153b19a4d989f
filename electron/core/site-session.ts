import { startTrace } from './log/start-trace';
import type { CallResult, CommandRequest } from '../../shared/contract';
import type { BoardItem, BoardSnapshot, ConnectionState } from '../../shared/domain';
import type { BoardLookup } from './board/board-lookup';
import { DeskError } from '../../shared/errors';
import { Backoff } from './api/backoff';
import { discover, discoverWithin, linksChanged, type Discovery } from './api/discovery';
import { errorForFailure } from './api/errors';
import { failureKind, isFinal } from './api/failure-policy';
import { Transport } from './api/transport';
import { loadBoard } from './board/catalogue-board';
import { SiteBoard } from './board/site-board';
import type { DeskConfig } from './config';
import { ConnectionTracker } from './connection';
import { FirstAnswers } from './first-answers';
import { FirstReads } from './first-reads';
import { Heartbeat, type Pulse } from './heartbeat';
import type { ContractEvents } from './events';
import { AttemptScheduler } from './monitor/attempts';
import { sessionFailureWords } from './site-check/site-failure-words';
import { Monitor } from './monitor/monitor';
import type { SiteStateSink } from './offline/state-sink';
import { SiteCommands } from './site-commands';
import { DEFAULT_TIMING, slowness, type SessionTiming } from './site-session-timing';

export type { SessionTiming } from './site-session-timing';

/**
 * The desk's connection to one site: transport, catalogue, monitor and connection state, reporting
 * through the desk's contract events. The connection phase comes from the session's own probe of
 * /api (one request at a time, on evidence or on a heartbeat), each item's liveness from its own
 * requests (the monitor). Switching site means stopping this session and starting another.
 */
export class SiteSession {
  private readonly transport: Transport;
  private readonly tracker: ConnectionTracker;
  private readonly monitor: Monitor;
  private readonly attempts: AttemptScheduler;
  private readonly heartbeat: Heartbeat;
  /** The server was found away (heartbeat down, or the probe failed below HTTP): its first good beat starts a probe at once. */
  private away = false;
  private readonly stopping = new AbortController();
  private readonly timing: SessionTiming;
  private readonly retries: Backoff;
  private readonly authRetries: Backoff;
  private readonly board: SiteBoard;
  private discovery: Discovery | undefined;
  /** Final failures so far: an attempt that was out when one came does not undo it. */
  private refusals = 0;
  /**
   * The last probe was answered (and no refusal since): commands may be sent. The bar may still say
   * reconnecting meanwhile (a dropped connection being checked), but the server is known to answer.
   */
  private answering = false;
  private readonly firstReads = new FirstReads();
  private readonly first = new FirstAnswers();
  private readonly commands: SiteCommands;

  constructor(
    config: DeskConfig,
    private readonly events: ContractEvents,
    /** Keeps the last-known board in the local store; absent in tools and tests without one. */
    private readonly sink?: SiteStateSink,
    timing: Partial<SessionTiming> = {},
  ) {
    this.timing = { ...DEFAULT_TIMING, ...timing };
    this.retries = new Backoff(this.timing.retry.baseMs, this.timing.retry.maxMs);
    this.authRetries = new Backoff(this.timing.authRetry.baseMs, this.timing.authRetry.maxMs);
    const { baseUrl, apiKey, auth, tls, explainTlsFailure } = config;
    this.transport = new Transport({
      baseUrl,
      apiKey,
      auth,
      tls,
      explainTlsFailure,
      // When: the state's `since`, and `nextAttemptAt` for the check.
      serverClosed: () => this.dropped(new DeskError('network', "The server closed the desk's connections"), undefined),
    });
    this.board = new SiteBoard(events, () => this.monitor.liveness, sink);
    this.tracker = new ConnectionTracker(this.transport.origin, config.demo, (s) => this.events.emit('connection', s));
    this.monitor = new Monitor(this.transport, {
      delta: (batch) => this.board.publishStatuses(batch),
      liveness: (batch) => {
        this.board.publishLiveness(batch);
        this.tracker.staleItems(this.monitor.liveness.staleCount);
      },
      halted: (error) => this.stopOnFinal(error),
      suspect: () => this.suspect(),
      failed: (error, retryAt) => {
        if (failureKind(error) === 'transient') this.dropped(error, retryAt);
      },
    });
    this.attempts = new AttemptScheduler(() => this.attempt());
    const beatMs = this.timing.heartbeat.answerMs;
    this.heartbeat = new Heartbeat(
      (signal, reached) => discover(this.transport, { signal, timeoutMs: beatMs, ownConnection: reached }),
      (pulse) => this.onPulse(pulse),
      this.timing.heartbeat,
    );
    const parts = { transport: this.transport, board: this.board, tracker: this.tracker, heartbeat: this.heartbeat, attempts: this.attempts };
    this.commands = new SiteCommands({ ...parts, answering: () => this.answering, discovery: () => this.discovery, refused: (error) => this.stopOnFinal(error) });
  }

  /**
   * Connects in the background, progress reported through `connection` events, and shows the
   * last-known board unless the server's comes in time (first-answers.ts: when start resolves).
   */
  async start(): Promise<void> {
    // The server is asked first: a kept store must never delay live. The heartbeat starts once the first
    // attempt has shown the key is not refused (two refusals count towards the server's failure-flood alarm).
    startTrace.mark('first-request');
    this.attempts.runNow();
    await this.first.showStoredWhenDue(this.timing.lastKnownGrace, this.sink?.lastKnownItems?.() ?? 0, () => this.showLastKnown());
  }

  private async showLastKnown(): Promise<void> {
    const known = await this.sink?.lastKnown();
    startTrace.mark('last-known-read', { items: known?.items.length ?? 0 });
    if (this.stopping.signal.aborted) return;
    this.board.showLastKnown(known);
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    this.board.keepNow();
    this.heartbeat.stop();
    await this.attempts.settled();
    await this.monitor.stop();
    await this.transport.close();
  }

  get connection(): ConnectionState {
    return this.tracker.current;
  }

  /** The connection and each item's latest status and liveness, for a board part (snapshot() would build the whole board). */
  lookup(): BoardLookup {
    return this.board.lookup(() => this.tracker.current);
  }

  snapshot(): BoardSnapshot {
    return this.board.snapshot(this.tracker.current);
  }

  /** The board's items, without building a snapshot (the same list until the next catalogue). */
  items(): readonly BoardItem[] {
    return this.board.items();
  }

  /** An override on one of the board's items (site-commands.ts: when it may go, and what a refusal or a slow answer does). */
  command(params: CommandRequest): Promise<CallResult<'item.command'>> {
    return this.commands.send(params);
  }

  /**
   * The server answered /api at start-up: what `listener` reads then (the alarm queue) goes before the
   * board's catalogue, for `firstReadsMs` at most (first-reads.ts).
   */
  onDiscovered(listener: () => Promise<void> | void): () => void {
    return this.firstReads.add(listener);
  }

  /** As `read`, but also while the first catalogue is loading, once the server has answered /api. */
  async readOnceAnswered<T>(reader: (transport: Transport, discovery: Discovery) => Promise<T>): Promise<T> {
    if (this.tracker.phase === 'connecting' && this.discovery) return reader(this.transport, this.discovery);
    return this.read(reader);
  }

  /** Reads reference data (day categories, elevator groups) through this session's connection. */
  async read<T>(reader: (transport: Transport, discovery: Discovery) => Promise<T>): Promise<T> {
    if (!this.discovery || this.tracker.phase !== 'connected') {
      throw new DeskError('offline', 'Not connected to the server: the site reference data cannot be read now.');
    }
    return reader(this.transport, this.discovery);
  }

  /**
   * One attempt: ask /api (the server is answering, and which features it links), load the catalogue
   * when it is due, and let the watchers run. Anything else leaves the desk reconnecting with why.
   */
  private async attempt(): Promise<void> {
    const signal = this.stopping.signal;
    if (signal.aborted) return;
    // A refusal elsewhere while this attempt was out outranks its answer (sent before the refusal).
    const refusals = this.refusals;
    const overtaken = () => signal.aborted || this.refusals !== refusals;
    try {
      const asked = Date.now();
      const discovery = await discoverWithin(this.transport, signal, this.timing.probeTimeoutMs);
      startTrace.mark('discovered');
      this.first.heard(true);
      const tookMs = Date.now() - asked;
      const reload =
        this.tracker.phase !== 'connected' || Date.now() - this.board.loadedAt >= this.timing.catalogueMs || linksChanged(this.discovery, discovery);
      this.discovery = discovery;
      if (this.tracker.phase === 'connecting') await this.firstReads.run(signal, this.timing.firstReadsMs);
      startTrace.mark('first-reads');
      if (reload && !overtaken()) await loadBoard(this.transport, discovery, this.board, this.monitor, signal);
      if (this.board.loadedAt > 0) this.first.boardLoaded();
      if (overtaken()) return;
      this.retries.reset();
      this.authRetries.reset();
      this.heartbeat.start();
      const pulse = this.heartbeat.current;
      // Answered on a connection that still works while new ones do not (a network gone): not live.
      if (pulse?.state === 'down') return this.notLive(pulse);
      this.away = false;
      this.answering = true;
      const slow = slowness(tookMs);
      this.tracker.connected(discovery, slow.note, slow.slowMs);
      this.monitor.resume();
      this.attempts.at(Date.now() + this.timing.recheckMs);
    } catch (err) {
      this.first.heard(false);
      if (overtaken()) return;
      const error = sessionFailureWords(errorForFailure(err, 'Connection'), this.transport.origin);
      if (isFinal(error)) return this.stopOnFinal(error);
      // The server answered, with nothing usable (an empty board: licences or privileges gone): ask
      // again at the heartbeat's pace, so the board is back within seconds of them returning.
      const persistent = failureKind(error) === 'persistent';
      if (!persistent) {
        this.away = true;
        // Not a refusal: the heartbeat finds the server back within seconds of it answering.
        this.heartbeat.start();
      }
      const next = Date.now() + (persistent ? this.timing.heartbeat.everyMs : this.retries.next());
      this.answering = false;
      this.monitor.pause(error.message);
      this.tracker.reconnecting(error.message, next);
      this.attempts.at(next);
    }
  }

  /**
   * The heartbeat's verdict. Down: every item is not live at once, said on the bar with since when
   * (overrides already sent keep their own honest outcome; new ones are refused). Heard again after
   * that: the probe runs at once. While connected, the bar says whether the server is slow, and the
   * notice goes with the first quick answer. Links changed (a licence back or gone): the full check.
   */
  private onPulse(pulse: Pulse): void {
    if (this.stopping.signal.aborted || this.tracker.phase === 'offline') return;
    if (pulse.state === 'refused') return this.stopOnFinal(sessionFailureWords(pulse.error, this.transport.origin));
    if (pulse.state === 'down') {
      if (this.answering || !this.away || this.tracker.current.reason !== pulse.reason) this.notLive(pulse);
      return;
    }
    if (!this.answering) {
      if (this.away && !this.attempts.busy) this.attempts.runNow();
      return;
    }
    if (pulse.discovery && linksChanged(this.discovery, pulse.discovery) && !this.attempts.busy) this.attempts.runNow();
    const slow = pulse.state === 'slow' ? slowness(pulse.tookMs) : {};
    if (this.tracker.phase === 'connected') this.tracker.connected(this.discovery, slow.note, slow.slowMs);
  }

  /** The server is hung or unreachable: nothing on the board is live from the last time the desk heard from it. */
  private notLive(pulse: Extract<Pulse, { state: 'down' }>): void {
    this.away = true;
    this.answering = false;
    this.monitor.pause(pulse.reason, pulse.since);
    // The heartbeat tries again within everyMs: the bar can say when.
    this.tracker.reconnecting(pulse.reason, Date.now() + this.timing.heartbeat.everyMs, pulse.since);
  }

  /** A watcher's dropped call, an overdue poll or a slow answer: ask the server soon whether it is still there. */
  private suspect(): void {
    if (this.answering) this.attempts.soon(this.timing.probeSpacingMs);
  }

  /**
   * A watcher's connection was dropped or refused (the server closed its connections, or restarted):
   * the bar says so and when the desk checks, and the probe decides. Items stay live meanwhile if their
   * own retries are answered in time, and commands are still sent: the server answered just now.
   */
  private dropped(error: DeskError, retryAt: number | undefined): void {
    if (!this.answering || this.tracker.phase !== 'connected') return;
    this.suspect();
    this.tracker.reconnecting(error.message, this.attempts.nextAt ?? retryAt);
  }

  /**
   * A refused key or certificate, anywhere: every request of the site stops at once. A refused key is
   * tried again once per growing window (the failure-flood rule); a refused certificate waits for
   * the operator, who is told what changed.
   */
  private stopOnFinal(error: DeskError): void {
    this.refusals++;
    this.answering = false;
    // Nothing more goes out with a refused key, the heartbeat neither (the failure-flood alarm).
    this.heartbeat.stop();
    this.monitor.halt(error.message);
    const next = error.code === 'unauthorised' ? Date.now() + this.authRetries.next() : undefined;
    this.tracker.offline(error.message, next);
    if (next === undefined) this.attempts.cancel();
    else this.attempts.at(next);
  }
}

