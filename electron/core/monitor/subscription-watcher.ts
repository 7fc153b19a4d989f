import { startTrace } from '../log/start-trace';
import type { ItemStatus } from '../../../shared/domain';
import type { DeskError } from '../../../shared/errors';
import { backoffDelay } from '../../../shared/backoff';
import { errorForFailure } from '../api/errors';
import { failureKind } from '../api/failure-policy';
import { discover } from '../api/discovery';
import { assertOnOrigin } from '../api/links';
import { SubscriptionPage } from '../api/schemas';
import { ANSWER_MARGIN_MS, type HoldEstimate } from './hold-estimate';
import type { WatchContext, WatchTarget } from './watcher';
import { LONG_POLL_TIMEOUT_MS, OVERDUE_GRACE_MS } from './watcher';
import { abortLink } from '../api/abort-link';
import { ExtrasReader, needsExtras } from './extras-reader';

/**
 * The most items one subscription holds: the size the vendor has tested without undue strain; its
 * calls set no upper bound but it warns against going much higher (cc_rest.yaml: status subscriptions).
 */
export const MAX_SUBSCRIBED_ITEMS = 1_000;
/** Servers answer an unchanged subscription after about 50 s. */
export const SUBSCRIPTION_HOLD_MS = 50_000;

const BACKOFF = { baseMs: 500, maxMs: 30_000 };

type Outcome = { next: string } | { retryInMs: number; resubscribe: boolean; refused: boolean } | 'resubscribe' | 'halted' | 'stop';

export interface SubscriptionContext extends WatchContext {
  subscribeHref: string;
  subscriptionHolds: HoldEstimate;
  /** The server will not subscribe these items (privilege, licence, a body it refuses): watch them one by one. */
  refused(watcher: SubscriptionWatcher, error: DeskError): void;
}

/**
 * Up to 1,000 items in one multi-item updates subscription: POST their ids, then GET `next` after
 * `next`, each answer naming the items that changed (a zone whose count or voltage changed is named
 * too, and its value read on its own: ExtrasReader). Every answer, even an empty one, is news about
 * every item of the subscription, so each item's liveness is kept as with its own poll. A `next` the
 * server no longer knows (404: a restart, or not fetched within 30 s) means subscribe again.
 */
export class SubscriptionWatcher {
  private readonly abort = new AbortController();
  private readonly byId: Map<string, WatchTarget>;
  private failures = 0;
  /** The last state reported per item id, so repeats are not sent on as deltas. */
  private readonly lastKey = new Map<string, string>();
  /** The subscribed items' hrefs, once: every answer and every poll speaks for all of them. */
  private readonly hrefs: readonly string[];
  /** Reads what the answers leave out (a zone's count, a fence's voltage) for the items that show it. */
  private readonly extras: ExtrasReader;
  readonly done: Promise<void>;

  constructor(
    private readonly context: SubscriptionContext,
    readonly targets: readonly WatchTarget[],
  ) {
    this.byId = new Map(targets.map((t) => [t.id!, t]));
    this.hrefs = targets.map((t) => t.href);
    this.extras = new ExtrasReader(context, this.abort.signal);
    this.done = this.run();
  }

  stop(): void {
    this.abort.abort();
  }

  private async run(): Promise<void> {
    const signal = this.abort.signal;
    let next: string | undefined;
    while (!signal.aborted) {
      if (!(await this.context.gate.pass(signal))) return;
      const outcome = next === undefined ? await this.subscribe() : await this.poll(next);
      if (signal.aborted || outcome === 'stop') return;
      if (outcome === 'resubscribe' || outcome === 'halted') next = undefined;
      else if ('retryInMs' in outcome) {
        if (outcome.resubscribe) next = undefined;
        await this.context.gate.sleep(outcome.retryInMs, signal, outcome.refused);
      } else next = outcome.next;
    }
  }

  private async subscribe(): Promise<Outcome> {
    const { transport, gate, now } = this.context;
    const what = `Status subscription of ${this.targets.length} items`;
    const request = new AbortController();
    const stop = () => request.abort();
    this.abort.signal.addEventListener('abort', stop, { once: true });
    const entry = gate.enter(request);
    const signal = request.signal;
    this.expectAll(now(), 0);
    try {
      const page = await transport.postJson(this.context.subscribeHref, { itemIds: [...this.byId.keys()] }, SubscriptionPage, what, { signal });
      startTrace.mark('subscribed', { items: this.targets.length });
      return this.answered(page, undefined);
    } catch (err) {
      if (this.abort.signal.aborted) return 'stop';
      if (request.signal.aborted) return 'halted';
      const error = errorForFailure(err, what);
      // A 401 may be a revoked key or (before 9.30) a missing view privilege. Falling back item by item
      // with a revoked key would send every item's own request, a burst that trips the server's
      // failure-flood alarm: one request proves the key first.
      if (error.code === 'unauthorised') {
        const key = await this.checkKey();
        if (key !== 'good') return key;
      }
      // The POST is about these items, not the key: watched one by one, an item the operator may not see says so.
      if (['unauthorised', 'forbidden', 'licence', 'bad-request', 'not-found'].includes(error.code)) {
        this.context.refused(this, error);
        return 'stop';
      }
      return this.failed(error, false);
    } finally {
      entry.done();
      this.abort.signal.removeEventListener('abort', stop);
    }
  }

  /** Asks /api with the key: 'good', or what the watcher does instead (halted on a refused key, a retry otherwise). */
  private async checkKey(): Promise<'good' | Outcome> {
    try {
      await discover(this.context.transport, { signal: this.abort.signal });
      return 'good';
    } catch (err) {
      if (this.abort.signal.aborted) return 'stop';
      return this.failed(errorForFailure(err, 'The key check'), false);
    }
  }

  private async poll(href: string): Promise<Outcome> {
    const { transport, gate, scheduler, now, subscriptionHolds } = this.context;
    const what = `Status subscription of ${this.targets.length} items`;
    const signal = this.abort.signal;
    let lease;
    try {
      lease = await scheduler.acquire(signal);
    } catch {
      return 'stop';
    }
    const request = new AbortController();
    const entry = gate.enter(request);
    const sentAt = now();
    const dueAt = this.expectAll(sentAt, Math.min(lease.holdMs, subscriptionHolds.ms));
    const deadline = AbortSignal.timeout(dueAt - sentAt + OVERDUE_GRACE_MS);
    const held = abortLink([signal, request.signal, lease.preempted, deadline]);
    try {
      const page = await transport.getJson(href, SubscriptionPage, what, { signal: held.signal, timeoutMs: LONG_POLL_TIMEOUT_MS, watch: true });
      return this.answered(page, sentAt);
    } catch (err) {
      if (signal.aborted) return 'stop';
      if (request.signal.aborted) return 'halted';
      if (lease.preempted.aborted) return { next: href };
      if (deadline.aborted) {
        // Stuck on a connection that delivers nothing: ask again, afresh (see Watcher).
        this.context.events.hung();
        return { next: href };
      }
      const error = errorForFailure(err, what);
      if (error.code === 'not-found') return 'resubscribe';
      return this.failed(error, true);
    } finally {
      held.release();
      entry.done();
      lease.release();
    }
  }

  private answered(page: SubscriptionPage, sentAt: number | undefined): { next: string } {
    const { transport, events, now, subscriptionHolds } = this.context;
    assertOnOrigin(page.next.href, transport.origin);
    this.failures = 0;
    if (sentAt !== undefined && page.updates.length === 0) subscriptionHolds.record(now() - sentAt);
    events.heard(this.hrefs);
    for (const update of page.updates) {
      const target = this.byId.get(update.id);
      if (!target || update.statusFlags === undefined) continue; // an id not asked for, or no state: nothing to show
      // Named with its flags unchanged may mean a new count or voltage: the reader asks for it.
      if (needsExtras(target)) {
        this.extras.heard(target, update.statusFlags, update.statusText ?? '');
        continue;
      }
      // Duplicates are normal (the first GET repeats the list): only a change is a delta.
      const key = `${update.statusText ?? ''}\u0000${update.statusFlags.join(',')}`;
      if (this.lastKey.get(update.id) === key) continue;
      this.lastKey.set(update.id, key);
      const status: ItemStatus = { href: target.href, flags: update.statusFlags, statusText: update.statusText ?? '', receivedAt: now() };
      events.status(status);
    }
    return { next: page.next.href };
  }

  private failed(error: DeskError, polling: boolean): Outcome {
    const { events, now, random } = this.context;
    const kind = failureKind(error);
    const first = this.targets[0]!.href;
    if (kind === 'final') {
      events.failed(first, error, kind);
      return 'halted';
    }
    const delayMs = backoffDelay(this.failures++, BACKOFF.baseMs, BACKOFF.maxMs, random);
    if (kind === 'persistent') for (const target of this.targets) events.failed(target.href, error, kind, now() + delayMs);
    else events.expect(this.hrefs, now() + delayMs + ANSWER_MARGIN_MS);
    if (kind === 'transient') events.failed(first, error, kind, now() + delayMs);
    // A malformed answer or a link off the origin: subscribe afresh after the pause.
    return { retryInMs: delayMs, resubscribe: kind === 'persistent' && polling, refused: kind === 'persistent' };
  }

  private expectAll(sentAt: number, holdMs: number): number {
    const due = this.context.subscriptionHolds.dueAt(sentAt, holdMs);
    this.context.events.expect(this.hrefs, due);
    return due;
  }
}
