import type { ItemStatus } from '../../../shared/domain';
import type { DeskError } from '../../../shared/errors';
import { backoffDelay } from '../../../shared/backoff';
import { errorForFailure } from '../api/errors';
import { failureKind, type FailureKind } from '../api/failure-policy';
import { assertOnOrigin } from '../api/links';
import { UpdatesPage } from '../api/schemas';
import type { Transport } from '../api/transport';
import type { HoldEstimate } from './hold-estimate';
import { holdSignal, LONG_POLL_TIMEOUT_MS } from './hold-signal';
import type { SiteGate } from './site-gate';
import type { StartRamp } from './start-ramp';
import type { Lease, WatchScheduler } from './watch-scheduler';

export { LONG_POLL_TIMEOUT_MS } from './hold-signal';

/** An answer this much later than expected makes the session ask the server how slow it is. */
const LATE_ANSWER_MS = 2_000;

/** A poll still unanswered this long after it was due is given up and asked again on fresh connections. */
export const OVERDUE_GRACE_MS = 5_000;

/** Retries after a dropped connection or a 5xx: soon, since the next try usually works. */
const TRANSIENT_BACKOFF = { baseMs: 500, maxMs: 30_000 };
/** Retries after a licence, privilege or malformed answer: slowly, it will not change in a second. */
const PERSISTENT_BACKOFF = { baseMs: 2_000, maxMs: 60_000 };

export interface WatchTarget {
  href: string;
  /** The item's id, which names it in a multi-item subscription (ids are unique across status item types). */
  id?: string;
  name: string;
  updatesHref: string;
  /**
   * Updates-call `fields` (e.g. the type's status fields): removing a field also suppresses updates
   * caused by it. Undefined: the server's defaults.
   */
  fields?: readonly string[];
}

/** What every watcher of a monitor reports, by item href (one object shared by all of them). */
export interface WatcherEvents {
  status(status: ItemStatus): void;
  /** The desk must hear about these items by `dueAt` (a poll sent or a retry planned). */
  expect(hrefs: readonly string[], dueAt: number): void;
  /** The server answered about these items (a subscription answers for all of its items at once). */
  heard(hrefs: readonly string[]): void;
  /** An answer came this much later than the server's hold says it should: every answer may be late. */
  late(ms: number): void;
  /** A poll was given up unanswered long after it was due: its connection may deliver nothing more. */
  hung(): void;
  /** `retryAt`: when this chain tries again; absent when it waits for the gate (a final failure). */
  failed(href: string, error: DeskError, kind: FailureKind, retryAt?: number): void;
}

/** What the watchers of one monitor share, so each watcher holds only its own few fields. */
export interface WatchContext {
  transport: Transport;
  scheduler: WatchScheduler;
  gate: SiteGate;
  holds: HoldEstimate;
  events: WatcherEvents;
  ramp: StartRamp;
  now: () => number;
  random: () => number;
}

type Outcome =
  | { kind: 'next'; href: string }
  | { kind: 'yielded' }
  | { kind: 'retry'; delayMs: number; href: string; refused: boolean }
  | { kind: 'halted' }
  | { kind: 'stop' };

/**
 * One item's status chain: GET `updates`, then `next` after `next`, forever. Each answer is the
 * latest state (the server keeps no history), so a failure needs no replay: back off and resume.
 * A slot from the scheduler is held only while a request is open. Every request first passes the
 * site's gate: after a final failure (a refused key) nothing is sent until the session reopens it.
 */
export class Watcher {
  private readonly abort = new AbortController();
  private failures = 0;
  private last: ItemStatus | undefined;
  /** The first held poll of a chain is cut at a random point, so the site's renewals spread over the minute. */
  private spread = true;
  readonly done: Promise<void>;

  constructor(
    private readonly context: WatchContext,
    private readonly target: WatchTarget,
  ) {
    this.done = this.run();
  }

  stop(): void {
    this.abort.abort();
  }

  private async run(): Promise<void> {
    const signal = this.abort.signal;
    const { gate, scheduler } = this.context;
    let href = this.target.updatesHref;
    let closures = gate.closedCount;
    while (!signal.aborted) {
      if (!(await gate.pass(signal))) return;
      // The gate closed since this chain last asked (the server was away or refused the key): start
      // again from the item's own link, which answers at once, rather than a held `next` that could
      // keep the item stale for the server's whole minute after it is back.
      if (gate.closedCount !== closures) {
        closures = gate.closedCount;
        href = this.target.updatesHref;
        // Every chain of the site restarts in this instant: spread the renewals again.
        this.spread = true;
      }
      let lease: Lease;
      try {
        lease = await scheduler.acquire(signal);
      } catch {
        return; // stopped while waiting for a slot
      }
      // A chain's first call waits its turn in the start-up ramp (see StartRamp).
      const first = href === this.target.updatesHref;
      if (first && !(await this.context.ramp.enter(signal))) {
        lease.release();
        return;
      }
      // The site halted while this chain waited its turn (the ramp's first call was refused): send nothing.
      if (gate.state !== 'open') {
        if (first) this.context.ramp.leave();
        lease.release();
        continue;
      }
      const outcome = await this.poll(href, lease);
      if (first) this.context.ramp.leave();
      lease.release();
      if (signal.aborted || outcome.kind === 'stop') return;
      if (outcome.kind === 'next') href = outcome.href;
      else if (outcome.kind === 'retry') {
        href = outcome.href;
        await gate.sleep(outcome.delayMs, signal, outcome.refused);
      }
      // 'yielded': our turn ended; queue again for the same href, which catches us up at once.
      // 'halted': the gate closed under us; pass() waits until the session reopens it.
    }
  }

  private async poll(href: string, lease: Lease): Promise<Outcome> {
    const { transport, events, holds, gate, now } = this.context;
    const what = `Status of ${this.target.name}`;
    const first = href === this.target.updatesHref;
    // The first call of a chain answers at once; a `next` is held up to the server's minute.
    const spreadMs = first ? LONG_POLL_TIMEOUT_MS : this.spreadCut();
    const cutMs = Math.min(lease.holdMs, spreadMs);
    const sentAt = now();
    const dueAt = holds.dueAt(sentAt, first ? 0 : cutMs);
    const hold = holdSignal(this.abort.signal, gate, lease.preempted, cutMs, dueAt - sentAt + OVERDUE_GRACE_MS);
    events.expect([this.target.href], dueAt);
    try {
      const page = await transport.getJson(href, UpdatesPage, what, {
        signal: hold.signal,
        timeoutMs: LONG_POLL_TIMEOUT_MS,
        watch: true,
        query: { fields: this.fieldsFor(href) },
      });
      if (this.abort.signal.aborted) return { kind: 'stop' }; // removed from the set while the answer was on its way
      // A next link off the server's origin would only fail on the next call: refuse the answer now.
      assertOnOrigin(page.next.href, transport.origin);
      this.failures = 0;
      // The first call answers with the item's state as it is. Before 8.70 the server leaves empty
      // values out, so a first answer with no status fields is "no flags" (a macro at rest), not "no news":
      // read otherwise, such an item would stay without a status for as long as it stays at rest.
      const changed = page.updates !== undefined && (first || hasStatus(page.updates));
      // A first call answers at once and an unchanged poll after the hold: later than that is a slow server.
      const lateMs = now() - sentAt - (first ? 0 : Math.min(cutMs, holds.ms));
      if ((first || !changed) && lateMs >= LATE_ANSWER_MS) events.late(lateMs);
      if (!first && !changed) holds.record(now() - sentAt);
      events.heard([this.target.href]);
      if (first) this.context.ramp.answered();
      if (changed) this.apply(page.updates!);
      return { kind: 'next', href: page.next.href };
    } catch (err) {
      if (this.abort.signal.aborted) return { kind: 'stop' };
      if (hold.closed) return { kind: 'halted' };
      if (hold.overdue) {
        // Stuck on a connection that delivers nothing (an HTTP/2 session can wedge so): ask again, afresh.
        events.hung();
        return { kind: 'yielded' };
      }
      if (hold.cut) {
        // Cut at its random point: from here on this chain's renewals keep their own place in the minute.
        if (cutMs === spreadMs) this.spread = false;
        return { kind: 'yielded' };
      }
      return this.failed(errorForFailure(err, what), href);
    } finally {
      hold.release();
    }
  }

  private failed(error: DeskError, href: string): Outcome {
    const { events, now, random } = this.context;
    const kind = failureKind(error);
    if (kind === 'final') {
      events.failed(this.target.href, error, kind);
      return { kind: 'halted' };
    }
    // A `next` the server no longer knows (it restarted, or the desk was too slow to follow it)
    // means subscribe again from the item's own link, at once.
    if (error.code === 'not-found' && href !== this.target.updatesHref && this.failures === 0) {
      this.failures++;
      return { kind: 'next', href: this.target.updatesHref };
    }
    const policy = kind === 'transient' ? TRANSIENT_BACKOFF : PERSISTENT_BACKOFF;
    const delayMs = backoffDelay(this.failures++, policy.baseMs, policy.maxMs, random);
    events.failed(this.target.href, error, kind, now() + delayMs);
    // After anything but a dropped call, start the chain again: the link itself may be what failed.
    return { kind: 'retry', delayMs, href: kind === 'transient' ? href : this.target.updatesHref, refused: kind === 'persistent' };
  }

  /**
   * Every chain starting together (start-up, a reconnect) would renew together at each minute mark
   * for ever, the server holding each poll the same time. So a chain's polls are cut at a random point
   * of the hold until one has been: from then on its renewals keep their own place in the minute.
   */
  private spreadCut(): number {
    if (!this.spread) return LONG_POLL_TIMEOUT_MS;
    return Math.max(1, Math.round(this.context.holds.ms * (0.1 + 0.9 * this.context.random())));
  }

  /** `fields` goes on every call unless the server's `next` link already carries it. */
  private fieldsFor(href: string): string | undefined {
    if (!this.target.fields) return undefined;
    if (/[?&]fields=/.test(href)) return undefined;
    return this.target.fields.join(',');
  }

  private apply(updates: NonNullable<UpdatesPage['updates']>): void {
    // Fields the server left out of this answer keep their last value (fields selection may omit them).
    const status: ItemStatus = {
      href: this.target.href,
      flags: updates.statusFlags ?? this.last?.flags ?? [],
      statusText: updates.statusText ?? this.last?.statusText ?? '',
      receivedAt: this.context.now(),
    };
    const zoneCount = updates.zoneCount ?? this.last?.zoneCount;
    const voltage = updates.voltage ?? this.last?.voltage;
    if (zoneCount !== undefined) status.zoneCount = zoneCount;
    if (voltage !== undefined) status.voltage = voltage;
    // A repeat of what the board already shows (a re-subscription, a poll cut and renewed) is not a delta.
    const same = this.last !== undefined && sameStatus(this.last, status);
    this.last = status;
    if (!same) this.context.events.status(status);
  }
}

function hasStatus(updates: NonNullable<UpdatesPage['updates']>): boolean {
  return (
    updates.statusFlags !== undefined ||
    updates.statusText !== undefined ||
    updates.zoneCount !== undefined ||
    updates.voltage !== undefined
  );
}

export function sameStatus(a: ItemStatus, b: ItemStatus): boolean {
  return (
    a.statusText === b.statusText &&
    a.zoneCount === b.zoneCount &&
    a.voltage === b.voltage &&
    a.flags.length === b.flags.length &&
    a.flags.every((f, i) => f === b.flags[i])
  );
}
