import type { ServerEvent } from '../../../shared/contract/alarms';
import { DeskError } from '../../../shared/errors';
import { Backoff, sleep } from '../api/backoff';
import { eventUpdates, searchEvents, EVENT_UPDATES_DEADLINE_S, type EventSearch } from '../api/server-events';
import type { BookmarkStore } from './bookmark-store';
import { itemFinder, toServerEvent } from './event-mapping';
import type { JournalSite } from './journal-site';

export interface FollowerTiming {
  retryBaseMs: number;
  retryMaxMs: number;
  /** Seconds the server may hold one updates call. */
  deadlineS: number;
  /** Newest events read again when the server refuses a bookmark (the gap is re-sent; the renderer drops what it has). */
  catchUpTop: number;
}

const DEFAULT_TIMING: FollowerTiming = { retryBaseMs: 500, retryMaxMs: 10_000, deadlineS: EVENT_UPDATES_DEADLINE_S, catchUpTop: 200 };

/** A bookmark the server will not take (too old, or from before a server rebuild): asked afresh instead. */
const REFUSED_BOOKMARK = new Set(['bad-request', 'not-found']);

/**
 * Follows the server's event journal for the live journal screen and the item panels: long-polls the
 * `updates` link, keeps the newest one as the site's bookmark in the local store (a restart resumes from
 * it, so nothing is lost however long the desk was away), and emits each batch, oldest first. A refused
 * bookmark is dropped and the newest events read again. Failures back off as the rest of the core does;
 * while the site is not connected the follower waits for it (the session refuses reads meanwhile).
 */
export class EventFollower {
  private readonly stopping = new AbortController();
  private readonly timing: FollowerTiming;
  private readonly retries: Backoff;
  private running: Promise<void> | undefined;

  constructor(
    private readonly site: JournalSite,
    private readonly siteKey: string,
    private readonly bookmarks: BookmarkStore,
    private readonly emit: (events: ServerEvent[]) => void,
    timing: Partial<FollowerTiming> = {},
  ) {
    this.timing = { ...DEFAULT_TIMING, ...timing };
    this.retries = new Backoff(this.timing.retryBaseMs, this.timing.retryMaxMs);
  }

  start(): void {
    this.running ??= this.follow();
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.running;
  }

  private async follow(): Promise<void> {
    const signal = this.stopping.signal;
    let href = this.bookmarks.load(this.siteKey);
    let catchUp = false;
    while (!signal.aborted) {
      try {
        const page = href ? await this.site.read((t) => eventUpdates(t, href!, signal, this.timing.deadlineS)) : await this.fresh(catchUp);
        if (signal.aborted) return;
        this.retries.reset();
        catchUp = false;
        this.publish(page);
        if (page.updates) {
          href = page.updates.href;
          this.bookmarks.save(this.siteKey, href);
        }
      } catch (err) {
        if (signal.aborted) return;
        if (href && err instanceof DeskError && REFUSED_BOOKMARK.has(err.code)) {
          this.bookmarks.forget(this.siteKey);
          href = undefined;
          catchUp = true;
          continue;
        }
        await sleep(this.retries.next(), signal);
      }
    }
  }

  /**
   * Where to start without a bookmark: the newest events. The first start of a desk shows nothing from
   * here (the journal screen reads its own first page); after a refused bookmark the newest events are
   * sent, as some may have been missed.
   */
  private async fresh(catchUp: boolean): Promise<EventSearch> {
    const page = await this.site.read((t, d) => searchEvents(t, d, { previous: true, top: catchUp ? this.timing.catchUpTop : 1 }, this.stopping.signal));
    return catchUp ? page : { ...page, events: [] };
  }

  private publish(page: EventSearch): void {
    if (page.events.length === 0) return;
    const items = itemFinder(this.site.snapshot().items);
    this.emit(page.events.map((event) => toServerEvent(event, items)));
  }
}
