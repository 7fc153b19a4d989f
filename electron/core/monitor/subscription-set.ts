import type { DeskError } from '../../../shared/errors';
import { HoldEstimate } from './hold-estimate';
import { MAX_SUBSCRIBED_ITEMS, SUBSCRIPTION_HOLD_MS, SubscriptionWatcher, type SubscriptionContext } from './subscription-watcher';
import type { WatchContext, WatchTarget } from './watcher';

/**
 * The items watched through multi-item subscriptions (8.30+, where the server links them), in
 * subscriptions of up to 1,000. Items the server refuses to subscribe are handed back to be watched
 * one by one, and stay so.
 */
export class SubscriptionSet {
  private watchers: SubscriptionWatcher[] = [];
  private readonly refusedHrefs = new Set<string>();
  private key = '';
  private readonly context: SubscriptionContext;

  constructor(
    base: WatchContext,
    subscribeHref: string,
    private readonly fallBack: (targets: readonly WatchTarget[], error: DeskError) => void,
  ) {
    this.context = {
      ...base,
      subscribeHref,
      subscriptionHolds: new HoldEstimate(SUBSCRIPTION_HOLD_MS),
      refused: (watcher, error) => this.refused(watcher, error),
    };
  }

  /**
   * Whether `target` can be watched here: it has an id and was never refused. Items showing a value
   * the answers lack (zone counts, voltages) are subscribed too: the server names them when the value
   * changes, and the watcher reads it then (an own long-poll each cost a request a minute per zone).
   */
  suits(target: WatchTarget): boolean {
    return target.id !== undefined && !this.refusedHrefs.has(target.href);
  }

  has(href: string): boolean {
    return this.watchers.some((w) => w.targets.some((t) => t.href === href));
  }

  get size(): number {
    return this.watchers.reduce((n, w) => n + w.targets.length, 0);
  }

  /** Makes the subscribed set exactly `targets`; unchanged, nothing is sent again. */
  set(targets: readonly WatchTarget[]): void {
    const sorted = [...targets].sort((a, b) => (a.href < b.href ? -1 : a.href > b.href ? 1 : 0));
    const key = sorted.map((t) => t.href).join('\n');
    if (key === this.key) return;
    this.key = key;
    this.stopAll();
    for (let at = 0; at < sorted.length; at += MAX_SUBSCRIBED_ITEMS) {
      this.watchers.push(new SubscriptionWatcher(this.context, sorted.slice(at, at + MAX_SUBSCRIBED_ITEMS)));
    }
  }

  async stop(): Promise<void> {
    const all = this.stopAll();
    await Promise.all(all.map((w) => w.done));
  }

  private stopAll(): SubscriptionWatcher[] {
    const all = this.watchers;
    this.watchers = [];
    for (const w of all) w.stop();
    return all;
  }

  private refused(watcher: SubscriptionWatcher, error: DeskError): void {
    this.watchers = this.watchers.filter((w) => w !== watcher);
    for (const t of watcher.targets) this.refusedHrefs.add(t.href);
    this.key = '';
    this.fallBack(watcher.targets, error);
  }
}
