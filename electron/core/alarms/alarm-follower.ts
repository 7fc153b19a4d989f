import type { AlarmFeed } from '../../../shared/contract/alarms';
import { backoffDelay } from '../../../shared/backoff';
import { DeskError, type ErrorCode } from '../../../shared/errors';
import { ALARM_BATCH_LIMIT, readAlarmList, readAlarmUpdates, type ServerAlarm } from '../api/alarms';
import type { Discovery } from '../api/discovery';
import { errorForFailure } from '../api/errors';
import { failureKind } from '../api/failure-policy';
import type { Transport } from '../api/transport';
import { AlarmQueue, type QueueChange } from './alarm-queue';
import type { AlarmKeeping } from './alarm-store';

/** Discovery's links to the alarms (present only with the RESTEvents licence). */
export const ALARMS_LINK = 'alarms.alarms';

/** As the monitor's watchers back off (electron/core/monitor/watcher.ts). */
const TRANSIENT_BACKOFF = { baseMs: 500, maxMs: 30_000 };
const PERSISTENT_BACKOFF = { baseMs: 2_000, maxMs: 60_000 };
/**
 * A bookmark the server no longer takes (it restarted, or forgot it), or one of another origin (the demo
 * site on a new port): the list is read again.
 */
const REFUSED_BOOKMARK: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['not-found', 'bad-request', 'invalid-response']);
/** An unlicensed site is asked again this often: a licence added shows within a minute. */
const UNLICENSED_RECHECK_MS = 60_000;
/** The session's connection, as the follower uses it: SiteSession's `read` (throws `offline` while not connected). */
export interface FollowedSite {
  read<T>(reader: (transport: Transport, discovery: Discovery) => Promise<T>): Promise<T>;
  /** SiteSession's: reads once the server has answered /api, while the board's catalogue is still loading. */
  readOnceAnswered?<T>(reader: (transport: Transport, discovery: Discovery) => Promise<T>): Promise<T>;
  /** SiteSession's: the server answered /api at start-up (the queue is read from then, not from the board's arrival). */
  onDiscovered?(listener: () => Promise<void> | void): () => void;
}

export interface FollowerOptions {
  site: FollowedSite;
  /** The bookmark and last-known queue in the local store; absent in tools and some tests. */
  keeping?: AlarmKeeping;
  /** What changed in the queue, as the server said it. */
  changed(change: QueueChange): void;
  feed(feed: AlarmFeed): void;
  now?: () => number;
  random?: () => number;
}

/**
 * Follows the server's alarm queue (cc_rest.yaml: GET /api/alarms, /api/alarms/updates): the list paged
 * to its end, then its `updates` long-polled, always from the newest `next`. Each answer's change and
 * the bookmark after it are kept together, so a restart shows the queue as it was at once (then reads
 * the list: see `start`); a refused bookmark (the server restarted, or forgot it) reads the list again,
 * and so does a bookmark from before an outage whose first answer is a full batch (far behind). While
 * the connection is not up the queue is kept as it was, marked not live with when it was last heard.
 */
export class AlarmFollower {
  readonly queue = new AlarmQueue();
  private bookmark: string | undefined;
  private heardAt: number | undefined;
  private state: AlarmFeed = { source: 'none', live: false, behind: false };
  private connected = false;
  private connectionReason: string | undefined;
  private failures = 0;
  /** The list is being read again after a refused bookmark, and no updates call has been answered since. */
  private rereading = false;
  /** The bookmark is from before the connection went: the first updates answer from it says how far behind the desk is (`followOnce`). */
  private resuming = false;
  /** The first answer from an old bookmark was a full batch: the list is read afresh before any update is applied. */
  private farBehind = false;
  private readonly stopping = new AbortController();
  /** The call now out: aborted when the connection goes, so the next starts at once when it is back. */
  private call: AbortController | undefined;
  private wake: (() => void) | undefined;
  private running: Promise<void> | undefined;
  /** Settles when the first catching up is over (caught up, failed, or stopped); `over` says it has. */
  private readonly firstCatchUp = settleable();
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(private readonly options: FollowerOptions) {
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
  }

  get feed(): AlarmFeed {
    return this.state;
  }

  /**
   * Settles once the follower has first caught up with the server (the whole list read: at start-up it
   * always is, see `start`), or failed to, or stopped: the session reads the board's catalogue after it
   * at start-up (the queue first; see SiteSession.onDiscovered).
   */
  firstCaughtUp(): Promise<void> {
    return this.firstCatchUp.promise;
  }

  private firstCatchUpOver(): void {
    this.firstCatchUp.over = true;
    this.firstCatchUp.settle();
  }

  /**
   * Shows the kept queue at once (not live), then reads the list once the connection is up, as a start
   * without a kept store does, and follows its updates. The kept bookmark is not followed at start-up:
   * from it the desk cannot tell how far behind it is until the server answers. A long night replayed
   * from it took one updates call per 100 alarms changed meanwhile (9,400 new: 94 answers one after
   * another, each applied, kept and sent to the page; 3–12 s), and a short one had the board wait on a
   * guess (an updates call held 200 ms meant "nothing waiting", but a loaded server answers a full batch
   * later than that, and the board's catalogue then slowed the catch-up tenfold). The list costs one
   * call per 100 alarms now unprocessed, known to be whole when its last page answers, so a kept store
   * never makes a start slower than none. The kept queue stays on screen until the list replaces it in
   * one step; what was processed elsewhere meanwhile leaves it then.
   */
  start(): void {
    const kept = this.options.keeping?.load();
    if (kept) {
      this.heardAt = kept.heardAt;
      const change = this.queue.replace(kept.alarms);
      if (change.upserts.length || change.removed.length) this.options.changed(change);
      if (kept.bookmark || kept.alarms.length) this.setFeed({ source: 'server', live: false, behind: false, heardAt: kept.heardAt, reason: 'Not yet connected to the server' });
    }
    this.running = this.run();
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    this.firstCatchUpOver();
    this.call?.abort();
    this.wake?.();
    await this.running;
  }

  /** The session's connection phase: only while connected does the follower ask the server, and only then is the queue live. */
  connection(connected: boolean, reason?: string): void {
    const was = this.connected;
    this.connected = connected;
    this.connectionReason = reason;
    if (connected && !was) {
      this.failures = 0;
      this.resuming = true;
      this.wake?.();
    }
    if (connected) return;
    if (was) this.call?.abort();
    // The queue kept is shown as of when it was last heard, with the connection's own reason.
    if (this.state.source !== 'none') this.setFeed({ ...this.state, live: false, behind: false, heardAt: this.heardAt, reason: reason ?? 'Not connected to the server' });
  }

  private async run(): Promise<void> {
    while (!this.stopping.signal.aborted) {
      if (!this.connected) {
        await this.sleep(Infinity);
        continue;
      }
      try {
        const behind = await this.followOnce();
        this.failures = 0;
        if (behind) continue;
      } catch (err) {
        if (this.stopping.signal.aborted) return;
        await this.failed(err);
      }
    }
  }

  /** One answer from the server, applied and kept. True when the server has more waiting (ask again at once). */
  private async followOnce(): Promise<boolean> {
    const call = (this.call = new AbortController());
    try {
      const site = this.options.site;
      const read = site.readOnceAnswered ? site.readOnceAnswered.bind(site) : site.read.bind(site);
      return await read(async (transport, discovery) => {
        const listHref = discovery.links.get(ALARMS_LINK);
        if (!listHref) throw new DeskError('licence', 'This site has no RESTEvents licence: the server offers no alarms to this desk');
        if (!this.bookmark || this.farBehind) {
          // Said at once: the header offers the queue while a long list is still being read, and a queue
          // already shown (kept, or from before an outage) stays, said to be catching up, until the list
          // replaces it whole: its count never drops to 0 meanwhile.
          this.setFeed({ source: 'server', live: this.connected, behind: true, heardAt: this.heardAt });
          const { alarms, updates } = await readAlarmList(transport, listHref, discovery.version, call.signal);
          this.resuming = this.farBehind = false;
          this.apply(this.queue.replace(alarms), updates, true, false);
          this.firstCatchUpOver();
          return false;
        }
        // The queue is the server's as of the bookmark: live from the moment the poll is out.
        if (!this.state.live) this.setFeed({ source: 'server', live: true, behind: this.state.behind, heardAt: this.heardAt });
        const answer = await readAlarmUpdates(transport, this.bookmark, call.signal);
        const behind = answer.alarms.length >= ALARM_BATCH_LIMIT;
        this.rereading = false;
        if (behind && this.resuming && !this.stopping.signal.aborted) {
          // Far behind after an outage (cc_rest.yaml: 100 updates mean "fallen behind"): catching up would
          // take one call per 100 alarms changed meanwhile (and more when most were processed elsewhere),
          // each applied, kept and sent to the page. The list gives the queue as it is now in one page per
          // 100 unprocessed alarms, replaced in one step, as at start-up. Nothing is lost: what is not in
          // the list was processed (or is no longer visible) and leaves the queue; the list's own updates
          // link starts from when it was read. This answer is dropped (the list holds its alarms as they
          // are now); the old bookmark stays kept until the list's replaces it.
          this.farBehind = true;
          return true;
        }
        this.resuming = false;
        this.apply(this.queue.merge(answer.alarms), answer.next, false, behind);
        return behind;
      });
    } finally {
      if (this.call === call) this.call = undefined;
    }
  }

  private apply(change: QueueChange, bookmark: string, replaced: boolean, behind: boolean): void {
    if (this.stopping.signal.aborted) return;
    this.bookmark = bookmark;
    this.heardAt = this.now();
    // Shown first, then kept: the write waits for the disk, and a change shown but not kept is read
    // again from the older bookmark after a crash (the queue merges by id), so nothing is lost.
    if (change.upserts.length || change.removed.length) this.options.changed(change);
    this.options.keeping?.save(bookmark, change, this.heardAt, replaced);
    const live = this.connected;
    const feed: AlarmFeed = { source: 'server', live, behind, heardAt: this.heardAt };
    if (!live) feed.reason = this.connectionReason ?? 'Not connected to the server';
    this.setFeed(feed);
  }

  private async failed(err: unknown): Promise<void> {
    this.firstCatchUpOver();
    const error = errorForFailure(err, 'The alarm queue');
    if (error.code === 'licence') {
      // The board's status-derived attention and the local book serve instead.
      this.setFeed({ source: 'unlicensed', live: false, behind: false, reason: error.message });
      return this.sleep(UNLICENSED_RECHECK_MS);
    }
    // Not connected (the call went as the connection did): the connection's return wakes the follower.
    if (!this.connected) return this.sleep(Infinity);
    if (this.bookmark && REFUSED_BOOKMARK.has(error.code) && !this.rereading) {
      // The server no longer knows the bookmark: read the whole list again, at once (once: a list whose
      // own bookmark is refused again backs off, rather than asking without pause).
      this.rereading = true;
      this.bookmark = undefined;
      this.options.keeping?.forgetBookmark();
      return;
    }
    const policy = failureKind(error) === 'transient' ? TRANSIENT_BACKOFF : PERSISTENT_BACKOFF;
    const delay = backoffDelay(this.failures++, policy.baseMs, policy.maxMs, this.random);
    this.setFeed({ source: this.state.source === 'none' ? 'server' : this.state.source, live: false, behind: false, heardAt: this.heardAt, reason: error.message });
    return this.sleep(delay);
  }

  private setFeed(feed: AlarmFeed): void {
    const clean = Object.fromEntries(Object.entries(feed).filter(([, v]) => v !== undefined)) as AlarmFeed;
    const same = JSON.stringify(clean) === JSON.stringify(this.state);
    this.state = clean;
    if (!same) this.options.feed(clean);
  }

  /** Waits `ms` (Infinity: until woken); the connection's return or stop wakes it early. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (this.wake === done) this.wake = undefined;
        resolve();
      };
      const timer = Number.isFinite(ms) ? setTimeout(done, ms) : undefined;
      this.wake = done;
      if (this.stopping.signal.aborted) done();
    });
  }
}

export type { ServerAlarm };

/** A promise settled from outside, once. */
function settleable(): { promise: Promise<void>; settle: () => void; over: boolean } {
  let settle!: () => void;
  const promise = new Promise<void>((resolve) => (settle = resolve));
  return { promise, settle, over: false };
}
