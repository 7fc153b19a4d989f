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
  /** Newest events read when there is no bookmark (first start, or refused): sent, the screens drop what they have. */
  catchUpTop: number;
  /** How soon to ask again while the site is not connected. */
  notConnectedMs: number;
  /** The bookmark is written to the local store at most this often (and when the follower stops). */
  bookmarkEveryMs: number;
}

const DEFAULT_TIMING: FollowerTiming = { retryBaseMs: 500, retryMaxMs: 10_000, deadlineS: EVENT_UPDATES_DEADLINE_S, catchUpTop: 200, notConnectedMs: 1_000, bookmarkEveryMs: 2_000 };

/** A bookmark the server will not take (too old, or from before a server rebuild): asked afresh instead. */
const REFUSED_BOOKMARK = new Set(['bad-request', 'not-found']);

/**
 * Follows the server's event journal for the live journal screen and the item panels: long-polls the
 * `updates` link, keeps the newest one as the site's bookmark in the local store (a restart resumes from
 * it, so nothing is lost however long the desk was away), and emits each batch, oldest first. A refused
 * bookmark is dropped and the newest events read again (as at a first start). Failures back off as the rest of the core does;
 * while the site is not connected the follower waits for it (the session refuses reads meanwhile).
 */
export class EventFollower {
  private readonly stopping = new AbortController();
  private readonly timing: FollowerTiming;
  private readonly retries: Backoff;
  private running: Promise<void> | undefined;
  /** The newest bookmark not yet written, and when one last was. */
  private unsaved: string | undefined;
  private savedAt = -Infinity;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;

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
    this.writeBookmark();
  }

  private async follow(): Promise<void> {
    const signal = this.stopping.signal;
    let href = this.bookmarks.load(this.siteKey);
    while (!signal.aborted) {
      try {
        const page = href ? await this.site.read((t) => eventUpdates(t, href!, signal, this.timing.deadlineS)) : await this.fresh();
        if (signal.aborted) return;
        this.retries.reset();
        this.publish(page);
        if (page.updates) {
          href = page.updates.href;
          this.keepBookmark(href);
        }
      } catch (err) {
        if (signal.aborted) return;
        if (href && err instanceof DeskError && REFUSED_BOOKMARK.has(err.code)) {
          this.unsaved = undefined;
          this.bookmarks.forget(this.siteKey);
          href = undefined;
          continue;
        }
        // The site is not connected yet (or again): its session says when; ask again soon, without growing the wait.
        const notConnected = err instanceof DeskError && err.code === 'offline';
        await sleep(notConnected ? this.timing.notConnectedMs : this.retries.next(), signal);
      }
    }
  }

  /**
   * A busy site answers many times a second, and a write to the local store waits for the disk: the
   * bookmark is written at most every `bookmarkEveryMs`. An older bookmark after a crash only reads
   * again events the screens already have (they show each event once, by id), so nothing is lost.
   */
  private keepBookmark(href: string): void {
    this.unsaved = href;
    const wait = this.savedAt + this.timing.bookmarkEveryMs - Date.now();
    if (wait <= 0) this.writeBookmark();
    else this.saveTimer ??= setTimeout(() => this.writeBookmark(), wait);
  }

  private writeBookmark(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    if (this.unsaved === undefined) return;
    this.bookmarks.save(this.siteKey, this.unsaved);
    this.unsaved = undefined;
    this.savedAt = Date.now();
  }

  /**
   * Where to start without a bookmark (a desk's first start on a site, or a bookmark refused): the
   * newest events, sent as well, so none raised while the desk was connecting or away is missed (the
   * screens show each event once, by id).
   */
  private fresh(): Promise<EventSearch> {
    return this.site.read((t, d) => searchEvents(t, d, { previous: true, top: this.timing.catchUpTop }, this.stopping.signal));
  }

  private publish(page: EventSearch): void {
    if (page.events.length === 0) return;
    const items = itemFinder(this.site.items());
    this.emit(page.events.map((event) => toServerEvent(event, items)));
  }
}
