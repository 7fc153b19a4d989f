import type { ItemLiveness, ItemStatus } from '../../../shared/domain';
import type { DeskError } from '../../../shared/errors';
import type { FailureKind } from '../api/failure-policy';
import type { Transport } from '../api/transport';
import { sessionFailureWords } from '../site-check/site-failure-words';
import { Coalescer } from './coalescer';
import { ANSWER_MARGIN_MS, HoldEstimate } from './hold-estimate';
import { LivenessBook } from './liveness';
import { SiteGate } from './site-gate';
import { StartRamp } from './start-ramp';
import { SubscriptionSet } from './subscription-set';
import { WatchScheduler } from './watch-scheduler';
import { LONG_POLL_TIMEOUT_MS, OVERDUE_GRACE_MS, Watcher, type WatchContext, type WatchTarget } from './watcher';

export type { WatchTarget } from './watcher';

export interface MonitorEvents {
  /** Latest statuses, at most one batch per ~16 ms, one entry per item. */
  delta(batch: ItemStatus[]): void;
  /** Items whose liveness changed, coalesced like statuses. */
  liveness?(batch: ItemLiveness[]): void;
  /** A final failure (refused key or certificate): every request of the site has stopped. */
  halted?(error: DeskError): void;
  /** Evidence the server may have stopped answering: a dropped call, or a poll overdue. */
  suspect?(reason: string): void;
  /** The first failure of a burst; `retryAt` says when its chain tries again. */
  failed?(error: DeskError, retryAt?: number): void;
  /** Any answer from the server (tools and the bench count them). */
  answered?(): void;
}

export interface MonitorOptions {
  /** Slots to use until the server's protocol is known (then the transport's capacity decides). */
  initialSlots?: number;
  /** Target time for every item to get a turn when HTTP/1.1 slots are short. */
  rotationMs?: number;
  /** The site's gate, shared with the session (a monitor on its own makes one). */
  gate?: SiteGate;
  /** How often overdue polls are looked for. */
  sweepMs?: number;
  /** How often one chain sleeping out a refusal is woken to ask again (see SiteGate.scout). */
  scoutMs?: number;
  now?: () => number;
  random?: () => number;
}

/**
 * Watches a set of items, one long-poll chain each, sharing the transport's long-poll capacity
 * fairly (see WatchScheduler), and merges their news into coalesced deltas. Keeps each item's
 * liveness from the evidence of its own requests (see LivenessBook); a refused key halts the gate,
 * and with it every watcher, at the first refusal.
 */
export class Monitor {
  private readonly watchers = new Map<string, Watcher>();
  private readonly coalescer: Coalescer<ItemStatus>;
  private readonly livenessOut: Coalescer<ItemLiveness>;
  readonly liveness: LivenessBook;
  readonly scheduler: WatchScheduler;
  readonly gate: SiteGate;
  private readonly context: WatchContext;
  private readonly sweeper: NodeJS.Timeout;
  private readonly scouting: NodeJS.Timeout;
  private sized: Promise<void> | undefined;
  private subscribeHref: string | undefined;
  private subscriptions: SubscriptionSet | undefined;
  /** Every item watched either way, for liveness. */
  private tracked = new Set<string>();
  /** A failure was reported and no answer has come since: thousands of watchers failing together report once. */
  private failing = false;
  /** When the long-poll connections were last renewed (polls hung on a dead connection). */
  private renewedAt = 0;

  constructor(
    private readonly transport: Transport,
    private readonly events: MonitorEvents,
    options: MonitorOptions = {},
  ) {
    const now = options.now ?? Date.now;
    this.coalescer = new Coalescer<ItemStatus>((batch) => events.delta(batch));
    this.livenessOut = new Coalescer<ItemLiveness>((batch) => events.liveness?.(batch));
    this.liveness = new LivenessBook((l) => this.livenessOut.push(l), now);
    this.gate = options.gate ?? new SiteGate();
    this.scheduler = new WatchScheduler({
      slots: options.initialSlots ?? 8,
      fullHoldMs: LONG_POLL_TIMEOUT_MS,
      rotationMs: options.rotationMs,
    });
    this.context = {
      transport,
      scheduler: this.scheduler,
      gate: this.gate,
      holds: new HoldEstimate(),
      ramp: new StartRamp(),
      now,
      random: options.random ?? Math.random,
      events: {
        status: (s) => this.coalescer.push(s),
        expect: (hrefs, dueAt) => this.liveness.expect(hrefs, dueAt),
        heard: (hrefs) => {
          this.failing = false;
          // An item back after a failure: licences or privileges may be back for the others too.
          if (this.liveness.heard(hrefs) > 0) this.gate.wakeRefused();
          this.events.answered?.();
        },
        failed: (href, error, kind, retryAt) => this.onFailure(href, error, kind, retryAt),
        late: () => this.events.suspect?.('The server answered late'),
        hung: () => this.renewConnections(),
      },
    };
    this.sweeper = setInterval(() => this.sweep(), options.sweepMs ?? 1_000);
    this.sweeper.unref?.();
    // Licences and privileges come back without a word from the server: one chain asks every couple
    // of seconds, and once it is answered every other one asks too (live within seconds, not after
    // each chain's own back-off of up to a minute, and one request per interval, not one per item).
    const random = this.context.random;
    this.scouting = setInterval(() => {
      if (this.gate.state === 'open') this.gate.scout(random());
    }, options.scoutMs ?? 2_000);
    this.scouting.unref?.();
  }

  /** Asks the transport once how many polls it can hold; until it answers a few slots do (first calls return at once). */
  private sizeSlots(): void {
    this.sized ??= this.transport.watchCapacity().then(
      (capacity) => this.scheduler.setSlots(capacity.slots),
      () => {
        this.sized = undefined; // the watchers' own requests report the failure and back off; ask again later
      },
    );
  }

  /**
   * Watches through multi-item subscriptions at `href` (the server's `features.items.updates` link,
   * 8.30+), or, undefined, item by item. Takes effect at the next `watch`.
   */
  useSubscriptions(href: string | undefined): void {
    if (href === this.subscribeHref) return;
    this.subscribeHref = href;
    void this.subscriptions?.stop();
    this.subscriptions = href ? new SubscriptionSet(this.context, href, (targets) => this.add(targets)) : undefined;
  }

  /** Makes the watched set exactly `targets`: new ones start, missing ones stop. */
  watch(targets: readonly WatchTarget[]): void {
    const wanted = new Set(targets.map((t) => t.href));
    const subscribed = this.subscriptions ? targets.filter((t) => this.subscriptions!.suits(t)) : [];
    const bySubscription = new Set(subscribed.map((t) => t.href));
    this.remove([...this.watchers.keys()].filter((href) => !wanted.has(href)));
    // Items moving into a subscription keep their liveness; only their own chain stops.
    this.stopChains([...this.watchers.keys()].filter((href) => bySubscription.has(href)));
    for (const href of this.tracked) if (!wanted.has(href)) this.liveness.untrack(href);
    this.tracked = wanted;
    for (const t of subscribed) this.liveness.track(t.href);
    // Subscriptions' polls take slots too: with every item subscribed, none is added one by one to size them.
    if (subscribed.length > 0) this.sizeSlots();
    this.subscriptions?.set(subscribed);
    this.add(targets.filter((t) => !bySubscription.has(t.href)));
  }

  /** Starts watching these items (ones already watched are left alone). `heardAt`: when the catalogue last had their status. */
  add(targets: readonly WatchTarget[], heardAt?: number): void {
    if (targets.length > 0) this.sizeSlots();
    for (const target of targets) {
      if (this.watchers.has(target.href)) continue;
      this.liveness.track(target.href, heardAt);
      this.tracked.add(target.href);
      this.watchers.set(target.href, new Watcher(this.context, target));
    }
  }

  /** Stops watching these items; their slots go to the others at once. */
  remove(hrefs: readonly string[]): void {
    this.stopChains(hrefs);
    for (const href of hrefs) {
      this.liveness.untrack(href);
      this.tracked.delete(href);
    }
  }

  private stopChains(hrefs: readonly string[]): void {
    for (const href of hrefs) {
      this.watchers.get(href)?.stop();
      this.watchers.delete(href);
    }
  }

  has(href: string): boolean {
    return this.watchers.has(href) || this.subscriptions?.has(href) === true;
  }

  /** Items watched, by their own chain or in a subscription. */
  get size(): number {
    return this.watchers.size + (this.subscriptions?.size ?? 0);
  }

  /** Items watched by their own long-poll chain (the rest are in subscriptions). */
  get chains(): number {
    return this.watchers.size;
  }

  /** The server is not answering: watchers wait for the session's probe, every item is stale with `reason` (since `since`, where known). */
  pause(reason: string, since?: number): void {
    this.gate.pause();
    this.liveness.staleAll(reason, since);
  }

  /** Stops every request now (a refused key or certificate): every item is stale with `reason`. */
  halt(reason: string): void {
    this.gate.haltAll();
    this.liveness.staleAll(reason);
  }

  /** The server answers again: watchers resume; each item is live again once its own answer comes. */
  resume(): void {
    this.gate.open();
  }

  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    clearInterval(this.scouting);
    await this.subscriptions?.stop();
    const all = [...this.watchers.values()];
    this.watchers.clear();
    for (const w of all) w.stop();
    await Promise.all(all.map((w) => w.done));
    this.coalescer.flush();
    this.coalescer.dispose();
    this.livenessOut.dispose();
    this.scheduler.dispose();
  }

  /** Polls given up unanswered: later ones go on new connections (at most once per grace period, however many hung together). */
  private renewConnections(): void {
    const now = this.context.now();
    if (now - this.renewedAt < OVERDUE_GRACE_MS) return;
    this.renewedAt = now;
    this.transport.renewWatchConnections();
  }

  private sweep(): void {
    if (this.gate.state !== 'open') return;
    if (this.liveness.sweep() > 0) this.events.suspect?.('The server has not answered a status call in time');
  }

  private onFailure(href: string, failure: DeskError, kind: FailureKind, retryAt?: number): void {
    const error = sessionFailureWords(failure, this.transport.origin);
    if (kind === 'final') {
      // The first refusal stops every request of the site: one refused key, one failed authentication.
      if (this.gate.state !== 'halted') {
        this.halt(error.message);
        this.events.halted?.(error);
      }
    } else if (kind === 'persistent') {
      this.liveness.stale(href, error.message);
    } else {
      // A dropped call is retried soon; the item stays live if the retry is answered in time.
      if (retryAt !== undefined) this.liveness.expect([href], retryAt + ANSWER_MARGIN_MS);
      this.events.suspect?.(error.message);
    }
    if (this.failing && kind !== 'final') return;
    this.failing = true;
    this.events.failed?.(error, retryAt);
  }
}
