import { randomBytes } from 'node:crypto';
import type { LiveItem } from './live-item';
import type { World } from './world';

/** A `next` bookmark not fetched for this long (server clock) drops its subscription. */
export const SUBSCRIPTION_IDLE_MS = 30_000;
/** Answers a subscription keeps its snapshot for, so a client retrying a lost answer is not refused. */
const KEPT_SNAPSHOTS = 3;

/** What the client was told in one answer, and the change counter then. */
interface Snapshot {
  at: number;
  keys: Map<LiveItem, string>;
}

/** Why a held GET stopped waiting. */
export type SubscriptionWake = 'changed' | 'timeout' | 'dropped' | 'woken' | 'gone';

/**
 * One item's state as the subscription reports it; the text is derived from the flags. A zone count
 * or a voltage is part of the state too, so its change names the item again with the same flags
 * (cc_rest.yaml: ItemUpdate.updates, an item is listed on any status update, even with its flags
 * unchanged; AccessZoneDetail.zoneCount, the count is part of the zone's state).
 */
export function stateKey(item: LiveItem): string {
  const extras = item.updateExtras();
  const flags = item.updateFlags().join('|');
  return Object.keys(extras).length === 0 ? flags : `${flags}\u0000${JSON.stringify(extras)}`;
}

/**
 * One multi-item updates subscription. It remembers, per bookmark it handed out, the state the
 * client was told then, so a GET reports exactly the items whose state moved since (only the
 * latest state, like the per-item long-poll).
 */
export class Subscription {
  readonly id = randomBytes(8).toString('hex');
  private seq = 0;
  private readonly snapshots = new Map<number, Snapshot>();
  /** Change counter, and when each item last changed by it: a GET looks only at items changed since its bookmark. */
  private changes = 0;
  private readonly changedAt = new Map<LiveItem, number>();
  private readonly waiters = new Set<(why: SubscriptionWake) => void>();
  /** Server-clock time of the last answer; held GETs keep the subscription alive. */
  lastAnsweredAt: number;
  held = 0;
  /** The next answer carries every item again (the first GET after the POST, or a control request). */
  repeatAll = false;

  constructor(
    readonly clientId: string,
    readonly items: readonly LiveItem[],
    now: number,
  ) {
    this.lastAnsweredAt = now;
  }

  /** Notes that an item of this subscription changed (its state may or may not differ). */
  touch(item: LiveItem): void {
    this.changedAt.set(item, ++this.changes);
  }

  /**
   * Records what an answer told the client (the current state of every item) and returns the
   * bookmark that refers to it. Only items changed since the previous answer are recomputed.
   */
  record(now: number): number {
    const previous = this.snapshots.get(this.seq);
    const keys = new Map(previous?.keys);
    for (const item of this.items) {
      if (!previous || (this.changedAt.get(item) ?? 0) > previous.at) keys.set(item, stateKey(item));
    }
    this.seq++;
    this.snapshots.set(this.seq, { at: this.changes, keys });
    this.snapshots.delete(this.seq - KEPT_SNAPSHOTS);
    this.lastAnsweredAt = now;
    return this.seq;
  }

  knows(bookmark: number): boolean {
    return this.snapshots.has(bookmark);
  }

  /** Items whose state differs from what the answer under `bookmark` said (all of them when repeating). */
  changedSince(bookmark: number): LiveItem[] {
    const told = this.snapshots.get(bookmark);
    if (!told || this.repeatAll) return [...this.items];
    return this.items.filter((item) => (this.changedAt.get(item) ?? 0) > told.at && told.keys.get(item) !== stateKey(item));
  }

  idleSince(now: number): boolean {
    return this.held === 0 && now - this.lastAnsweredAt > SUBSCRIPTION_IDLE_MS;
  }

  /** Resolves on the next wake or after `timeoutMs` of real time. */
  wait(timeoutMs: number): { done: Promise<SubscriptionWake>; cancel(): void } {
    let wake!: (why: SubscriptionWake) => void;
    const done = new Promise<SubscriptionWake>((resolve) => {
      const timer = setTimeout(() => wake('timeout'), Math.max(0, timeoutMs));
      wake = (why) => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve(why);
      };
      this.waiters.add(wake);
    });
    return { done, cancel: () => wake('gone') };
  }

  wake(why: SubscriptionWake): void {
    for (const waiter of [...this.waiters]) waiter(why);
  }
}

/**
 * Every live subscription, found by id and by the items it covers, so a change to one item wakes
 * only the subscriptions that hold it. A restart (or the control API) drops them all: their next
 * GET answers 404 and clients subscribe again.
 */
export class SubscriptionRegistry {
  private readonly byId = new Map<string, Subscription>();
  private readonly byItem = new Map<LiveItem, Set<Subscription>>();

  constructor(private readonly world: World) {
    world.onItemChanged((item) => {
      const subs = this.byItem.get(item);
      if (!subs) return;
      for (const sub of subs) {
        sub.touch(item);
        sub.wake('changed');
      }
    });
  }

  create(clientId: string, items: readonly LiveItem[]): Subscription {
    this.sweep();
    const sub = new Subscription(clientId, items, this.world.clock.now());
    this.byId.set(sub.id, sub);
    for (const item of items) {
      let set = this.byItem.get(item);
      if (!set) this.byItem.set(item, (set = new Set()));
      set.add(sub);
    }
    return sub;
  }

  /** The subscription, unless it never existed, was dropped, or went unfetched too long. */
  find(id: string): Subscription | undefined {
    const sub = this.byId.get(id);
    if (sub && sub.idleSince(this.world.clock.now())) {
      this.remove(sub);
      return undefined;
    }
    return sub;
  }

  list(): Subscription[] {
    this.sweep();
    return [...this.byId.values()];
  }

  /** As a server restart does: every subscription is forgotten and held GETs answer 404. */
  dropAll(): void {
    for (const sub of [...this.byId.values()]) {
      this.remove(sub);
      sub.wake('dropped');
    }
  }

  /** Held GETs answer now with what changed, which may be nothing (an empty answer). */
  wakeAll(): void {
    for (const sub of this.byId.values()) sub.wake('woken');
  }

  /** Every subscription's next answer repeats every item's state (duplicates). */
  repeatAll(): void {
    for (const sub of this.byId.values()) {
      sub.repeatAll = true;
      sub.wake('woken');
    }
  }

  private sweep(): void {
    const now = this.world.clock.now();
    for (const sub of [...this.byId.values()]) if (sub.idleSince(now)) this.remove(sub);
  }

  private remove(sub: Subscription): void {
    this.byId.delete(sub.id);
    for (const item of sub.items) {
      const set = this.byItem.get(item);
      set?.delete(sub);
      if (set?.size === 0) this.byItem.delete(item);
    }
  }
}
