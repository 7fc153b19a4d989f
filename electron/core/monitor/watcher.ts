import type { ItemStatus } from '../../../shared/domain';
import type { DeskError } from '../../../shared/errors';
import { Backoff, sleep } from '../api/backoff';
import { errorForFailure } from '../api/errors';
import { UpdatesPage } from '../api/schemas';
import type { Transport } from '../api/transport';

/** The server holds a `next` call up to about a minute; allow that plus slack before calling it dead. */
export const LONG_POLL_TIMEOUT_MS = 90_000;

export interface WatchTarget {
  href: string;
  name: string;
  updatesHref: string;
}

export interface WatcherEvents {
  status(status: ItemStatus): void;
  /** Every answer from the server: the connection is working. */
  answered(): void;
  failed(error: DeskError): void;
}

/**
 * One item's status chain: GET `updates`, then `next` after `next`, forever. Each answer is the
 * latest state (the server keeps no history), so a failure needs no replay: back off and resume.
 * An unauthorised answer stops the chain: retrying a bad key would trip the server's flood alarm.
 */
export class Watcher {
  private readonly abort = new AbortController();
  private readonly backoff = new Backoff();
  private last: ItemStatus | undefined;
  readonly done: Promise<void>;

  constructor(
    private readonly transport: Transport,
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
      try {
        const page = await this.transport.getJson(href, UpdatesPage, `Status of ${this.target.name}`, {
          signal,
          timeoutMs: LONG_POLL_TIMEOUT_MS,
          watch: true,
        });
        if (signal.aborted) return;
        this.backoff.reset();
        this.events.answered();
        if (page.updates && (page.updates.statusFlags || page.updates.statusText !== undefined)) {
          this.apply(page.updates);
        }
        href = page.next.href;
      } catch (err) {
        if (signal.aborted) return;
        const error = errorForFailure(err, `Status of ${this.target.name}`);
        this.events.failed(error);
        if (error.code === 'unauthorised') return;
        await sleep(this.backoff.next(), signal);
      }
    }
  }

  private apply(updates: NonNullable<UpdatesPage['updates']>): void {
    // Fields the server left out of this answer keep their last value (fields selection may omit them).
    const status: ItemStatus = {
      href: this.target.href,
      flags: updates.statusFlags ?? this.last?.flags ?? [],
      statusText: updates.statusText ?? this.last?.statusText ?? '',
      receivedAt: this.now(),
    };
    this.last = status;
    this.events.status(status);
  }
}
