import type { Site } from '../site/schema';
import { StatusFeed } from '../model/status-feed';
import type { Collection } from '../model/live-item';
import { AlarmBook, type AlarmRecord } from './alarm-book';
import { EVENT_KINDS, type EventKind, type KindKey } from './event-kinds';

/** An item an event names: the id and the name it had at the time, and where the server serves it. */
export interface EventItem {
  id: string;
  name: string;
  /** A live item's collection (its href is the item's); absent for the server, a controller or a REST client. */
  collection?: Collection;
  controller?: boolean;
  /** The server item itself (authentication alarms, cardholder changes): linked through the items controller. */
  server?: boolean;
}

export interface ServerEventRecord {
  /** Arrival order: the journal's position, and (as a string) the event's id. */
  seq: number;
  id: string;
  /** Occurrence time, ms since the epoch. */
  time: number;
  message: string;
  details?: string;
  priority: number;
  kind: EventKind;
  source: EventItem;
  division: string;
  cardholder?: EventItem;
  operator?: EventItem;
  door?: EventItem;
  entryAccessZone?: EventItem;
  exitAccessZone?: EventItem;
  card?: { facilityCode: string; number: string; issueLevel: number };
  /** Set when the event became an alarm. */
  alarm?: AlarmRecord;
}

/** What raises an event: everything but what the journal works out (seq, id, time, priority, alarm). */
export interface RaiseInput {
  kind: KindKey;
  source: EventItem;
  division: string;
  message: string;
  details?: string;
  /** Overrides the site's priority for the kind (the control API's "any priority"). */
  priority?: number;
  /** Two-part alarms start active; default the kind's. */
  active?: boolean;
  cardholder?: EventItem;
  operator?: EventItem;
  door?: EventItem;
  entryAccessZone?: EventItem;
  exitAccessZone?: EventItem;
  card?: ServerEventRecord['card'];
}

/** Events kept; the oldest go first (their ids are then unknown, and a search starts after them). */
const LIMIT = 200_000;
const TRIM = 10_000;

/**
 * The server's event journal: every event in arrival order, the alarms among them (priority at or
 * above the site's threshold), and a feed that wakes event long-polls. Events are immutable; only an
 * alarm's state changes, in the alarm book.
 */
export class ServerEventJournal {
  private events: ServerEventRecord[] = [];
  private seq = 0;
  readonly feed = new StatusFeed();
  readonly alarms: AlarmBook;
  private readonly recordListeners: ((event: ServerEventRecord) => void)[] = [];

  constructor(
    private readonly settings: Site['alarms'],
    private readonly now: () => number,
  ) {
    this.alarms = new AlarmBook(now);
  }

  get holdMs(): number {
    return this.settings.holdSeconds * 1000;
  }

  get lastSeq(): number {
    return this.seq;
  }

  /** The site's settings for a kind (priority, notes, instruction). */
  settingsOf(kind: KindKey): NonNullable<Site['alarms']['kinds'][KindKey]> {
    return this.settings.kinds[kind] ?? {};
  }

  priorityOf(kind: KindKey): number {
    return this.settingsOf(kind).priority ?? EVENT_KINDS[kind].priority;
  }

  record(input: RaiseInput): ServerEventRecord {
    const kind = EVENT_KINDS[input.kind];
    const seq = ++this.seq;
    const { kind: _key, priority: _p, active, ...facts } = input;
    const event: ServerEventRecord = {
      ...facts,
      seq,
      id: String(seq),
      time: this.now(),
      priority: input.priority ?? this.priorityOf(input.kind),
      kind,
    };
    if (event.priority >= this.settings.threshold) {
      event.alarm = this.alarms.raise(event, this.settingsOf(input.kind), active ?? kind.twoPart);
    }
    this.events.push(event);
    // Trimmed in chunks: a busy site appends many events a second, and each trim moves the whole array.
    if (this.events.length > LIMIT + TRIM) this.events.splice(0, this.events.length - LIMIT);
    this.feed.changed();
    for (const listener of this.recordListeners) listener(event);
    return event;
  }

  /** Calls `listener` with every event recorded from now on (people's whereabouts follow card access). */
  onRecord(listener: (event: ServerEventRecord) => void): void {
    this.recordListeners.push(listener);
  }

  get(seq: number): ServerEventRecord | undefined {
    const first = this.events[0]?.seq ?? 1;
    const event = this.events[seq - first];
    return event?.seq === seq ? event : undefined;
  }

  /** Events after `pos` in arrival order that pass `keep`, at most `top`. */
  after(pos: number, top: number, keep: (e: ServerEventRecord) => boolean): ServerEventRecord[] {
    const out: ServerEventRecord[] = [];
    for (let i = this.indexAfter(pos); i < this.events.length && out.length < top; i++) {
      const e = this.events[i]!;
      if (keep(e)) out.push(e);
    }
    return out;
  }

  /** The newest `top` events before `pos` that pass `keep`, in arrival order. */
  before(pos: number, top: number, keep: (e: ServerEventRecord) => boolean): ServerEventRecord[] {
    const out: ServerEventRecord[] = [];
    for (let i = this.indexAfter(pos - 1) - 1; i >= 0 && out.length < top; i--) {
      const e = this.events[i]!;
      if (e.seq < pos && keep(e)) out.push(e);
    }
    return out.reverse();
  }

  /** Index of the first event with seq > pos. */
  private indexAfter(pos: number): number {
    const first = this.events[0]?.seq ?? this.seq + 1;
    return Math.min(this.events.length, Math.max(0, pos + 1 - first));
  }
}
