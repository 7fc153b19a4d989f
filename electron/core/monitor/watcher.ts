import type { ItemStatus } from '../../../shared/domain';
import type { DeskError } from '../../../shared/errors';
import { Backoff, sleep } from '../api/backoff';
import { errorForFailure } from '../api/errors';
import { UpdatesPage } from '../api/schemas';
import type { Transport } from '../api/transport';
import type { Lease, WatchScheduler } from './watch-scheduler';

/** The server holds a `next` call up to about a minute; allow that plus slack before calling it dead. */
export const LONG_POLL_TIMEOUT_MS = 90_000;

export interface WatchTarget {
  href: string;
  name: string;
  updatesHref: string;
  /**
   * Updates-call `fields` (e.g. the type's status fields): removing a field also suppresses updates
   * caused by it. Undefined: the server's defaults.
   */
  fields?: readonly string[];
}

export interface WatcherEvents {
  status(status: ItemStatus): void;
  /** Every answer from the server: the connection is working. */
  answered(): void;
  /** `retryAt`: when this chain tries again (ms since the epoch); absent when it has stopped. */
  failed(error: DeskError, retryAt?: number): void;
}

/**
 * One item's status chain: GET `updates`, then `next` after `next`, forever. Each answer is the
 * latest state (the server keeps no history), so a failure needs no replay: back off and resume.
 * A slot from the scheduler is held only while a request is open. An unauthorised answer stops the
 * chain: retrying a bad key would trip the server's failure-flood alarm.
 */
export class Watcher {
  private readonly abort = new AbortController();
  private readonly backoff = new Backoff();
  private last: ItemStatus | undefined;
  readonly done: Promise<void>;

  constructor(
    private readonly transport: Transport,
    private readonly scheduler: WatchScheduler,
    private readonly target: WatchTarget,
    private readonly events: WatcherEvents,
    private readonly now: () => number = Date.now,
  ) {
    this.done = this.run();
  }

  stop(): void {
    this.abort.abort();
  }

  private async run(): Promise<void> {
    const signal = this.abort.signal;
    let href = this.target.updatesHref;
    while (!signal.aborted) {
      let lease: Lease;
      try {
        lease = await this.scheduler.acquire(signal);
      } catch {
        return; // stopped while waiting for a slot
      }
      const outcome = await this.poll(href, lease);
      lease.release();
      if (signal.aborted) return;
      if (outcome.kind === 'next') href = outcome.href;
      else if (outcome.kind === 'stop') return;
      else if (outcome.kind === 'retry') await sleep(outcome.delayMs, signal);
      // 'yielded': our turn ended; queue again for the same href, which catches us up at once.
    }
  }

  private async poll(
    href: string,
    lease: Lease,
  ): Promise<{ kind: 'next'; href: string } | { kind: 'yielded' } | { kind: 'retry'; delayMs: number } | { kind: 'stop' }> {
    const what = `Status of ${this.target.name}`;
    const hold = holdSignal(this.abort.signal, lease);
    try {
      const page = await this.transport.getJson(href, UpdatesPage, what, {
        signal: hold.signal,
        timeoutMs: LONG_POLL_TIMEOUT_MS,
        watch: true,
        query: { fields: this.fieldsFor(href) },
      });
      if (this.abort.signal.aborted) return { kind: 'stop' }; // removed from the set while the answer was on its way
      this.backoff.reset();
      this.events.answered();
      if (page.updates && hasStatus(page.updates)) this.apply(page.updates);
      return { kind: 'next', href: page.next.href };
    } catch (err) {
      if (this.abort.signal.aborted) return { kind: 'stop' };
      if (hold.signal.aborted) return { kind: 'yielded' };
      const error = errorForFailure(err, what);
      // Neither is retried behind the operator's back: a bad key trips the server's flood alarm, and a
      // changed server certificate needs the operator to look at it.
      if (error.code === 'unauthorised' || error.code === 'certificate') {
        this.events.failed(error);
        return { kind: 'stop' };
      }
      const delayMs = this.backoff.next();
      this.events.failed(error, this.now() + delayMs);
      return { kind: 'retry', delayMs };
    } finally {
      hold.release();
    }
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
      receivedAt: this.now(),
    };
    const zoneCount = updates.zoneCount ?? this.last?.zoneCount;
    const voltage = updates.voltage ?? this.last?.voltage;
    if (zoneCount !== undefined) status.zoneCount = zoneCount;
    if (voltage !== undefined) status.voltage = voltage;
    this.last = status;
    this.events.status(status);
  }
}

/**
 * One signal that ends a poll when the watcher stops, the scheduler wants the slot back, or the lease's
 * hold runs out. Built by hand rather than with AbortSignal.any so that nothing stays attached to the
 * watcher's long-lived signal once the poll is over (thousands of polls a minute at scale).
 */
function holdSignal(stop: AbortSignal, lease: Lease): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  const abort = () => controller.abort();
  if (stop.aborted || lease.preempted.aborted) controller.abort();
  stop.addEventListener('abort', abort, { once: true });
  lease.preempted.addEventListener('abort', abort, { once: true });
  const timer = lease.holdMs < LONG_POLL_TIMEOUT_MS ? setTimeout(abort, lease.holdMs) : undefined;
  return {
    signal: controller.signal,
    release: () => {
      clearTimeout(timer);
      stop.removeEventListener('abort', abort);
      lease.preempted.removeEventListener('abort', abort);
    },
  };
}

function hasStatus(updates: NonNullable<UpdatesPage['updates']>): boolean {
  return (
    updates.statusFlags !== undefined ||
    updates.statusText !== undefined ||
    updates.zoneCount !== undefined ||
    updates.voltage !== undefined
  );
}
