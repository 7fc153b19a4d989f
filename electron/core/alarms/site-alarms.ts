import type { AlarmActRequest, AlarmActResult, AlarmDetail, AlarmFeed, AlarmQueue } from '../../../shared/contract/alarms';
import type { ServerAlarm } from '../api/alarms';
import type { ContractEvents } from '../events';
import type { AuditLog } from '../offline/audit-log';
import type { AlarmDesk } from './alarm-desk';
import { actOnAlarms } from './alarm-actions';
import { alarmDetail } from './alarm-detail';
import { AlarmFollower, type FollowedSite } from './alarm-follower';
import { alarmSummary, type QueueChange } from './alarm-queue';
import type { AlarmKeeping } from './alarm-store';

/** About a screen's worth, as the board's status events are cut (electron/core/events.ts). */
const ALARMS_PER_EVENT = 500;

export interface SiteAlarmsOptions {
  /** The site session (its `read` gives the connection while connected). */
  site: FollowedSite;
  events: ContractEvents;
  keeping?: AlarmKeeping | undefined;
  audit?: AuditLog | undefined;
}

/**
 * The server's alarms for one site session: started and stopped with it (electron/core/desk.ts), kept
 * beside it rather than inside it. Follows the queue, sends what changed as contract events, answers
 * the alarm calls, and names each alarm's source by the board item when the board holds it.
 */
export class SiteAlarms implements AlarmDesk {
  private readonly follower: AlarmFollower;
  /** The board's items' hrefs: an alarm's source is one click away when the board holds it. */
  private boardItems = new Set<string>();
  private readonly stops: (() => void)[] = [];

  constructor(private readonly options: SiteAlarmsOptions) {
    this.follower = new AlarmFollower({
      site: options.site,
      keeping: options.keeping,
      changed: (change) => this.changed(change),
      feed: (feed) => options.events.emit('alarms.feed', feed),
    });
    // At start-up the queue is read from the server's first answer, before the board's catalogue: the
    // guard's alarms are not queued behind 10,000 items. Until the board is in, `connecting` says nothing new.
    let discovered = false;
    this.stops.push(
      options.events.onBoard((items) => this.boardChanged(items)),
      options.events.on('connection', (state) => {
        if (state.phase === 'connecting' && discovered) return;
        this.follower.connection(state.phase === 'connected', state.reason);
      }),
      options.site.onDiscovered?.(() => {
        discovered = true;
        this.follower.connection(true);
        return this.follower.firstCaughtUp();
      }) ?? (() => undefined),
    );
  }

  /** Before the session starts: the board's first items and the first connection state come to it. */
  start(): void {
    this.follower.start();
  }

  async stop(): Promise<void> {
    this.stops.forEach((stop) => stop());
    await this.follower.stop();
    // The renderer's queue empties with the site: the next site's comes with its own follower.
    this.options.events.emit('alarms.changed', { upserts: [], removed: this.follower.queue.all().map((a) => a.id) });
    this.options.events.emit('alarms.feed', { source: 'none', live: false, behind: false });
  }

  get feed(): AlarmFeed {
    return this.follower.feed;
  }

  queue(): AlarmQueue {
    return { alarms: this.follower.queue.all().map((a) => this.summary(a)), feed: this.follower.feed };
  }

  detail(id: string): Promise<AlarmDetail> {
    return alarmDetail(this.options.site, this.follower.queue.get(id), (href) => this.itemHref(href));
  }

  act(request: AlarmActRequest): Promise<AlarmActResult> {
    return actOnAlarms(request, {
      site: this.options.site,
      feed: () => this.follower.feed,
      alarm: (id) => this.follower.queue.get(id),
      sourceOf: (alarm) => ({ href: this.itemHref(alarm.source?.href) ?? alarm.source?.href ?? '', name: alarm.source?.name ?? 'Unknown source' }),
      audit: this.options.audit,
    });
  }

  private summary(alarm: ServerAlarm) {
    return alarmSummary(alarm, (href) => this.itemHref(href));
  }

  private itemHref(href: string | undefined): string | undefined {
    return href !== undefined && this.boardItems.has(href) ? href : undefined;
  }

  /** Sent in parts of at most ALARMS_PER_EVENT (10,000 alarms at start-up are many parts, none huge); removals first. */
  private changed(change: QueueChange): void {
    const upserts = change.upserts.map((a) => this.summary(a));
    let removed = change.removed;
    for (let at = 0; at === 0 || at < upserts.length; at += ALARMS_PER_EVENT) {
      this.options.events.emit('alarms.changed', { upserts: upserts.slice(at, at + ALARMS_PER_EVENT), removed });
      removed = [];
    }
  }

  /** A board that now holds (or no longer holds) an alarm's source: those alarms are sent again, with their link. */
  private boardChanged(items: readonly { href: string }[]): void {
    const before = this.boardItems;
    this.boardItems = new Set<string>();
    for (const item of items) this.boardItems.add(item.href);
    const moved = this.follower.queue.all().filter((a) => a.source?.href !== undefined && before.has(a.source.href) !== this.boardItems.has(a.source.href));
    if (moved.length) this.changed({ upserts: moved, removed: [] });
  }
}
