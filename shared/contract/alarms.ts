import { z } from 'zod';
import { none } from './none';

/**
 * The server's alarm queue and event journal (RESTEvents licence), as the desk works them. Main follows
 * the server (electron/core/alarms/, electron/core/server-events/) and sends what changed; the renderer
 * asks for the whole queue when its link (re)opens, then applies `alarms.changed`.
 */

export const AlarmState = z.enum(['unacknowledged', 'acknowledged', 'processed']);
export type AlarmState = z.infer<typeof AlarmState>;

/**
 * What the operator may do to an alarm: exactly the server's action links present on it. Where only
 * `acknowledgeWithComment` (or `processWithComment`) is there, a note is required.
 */
export const AlarmActionLink = z.enum(['comment', 'acknowledge', 'acknowledgeWithComment', 'process', 'processWithComment', 'forceProcess']);
export type AlarmActionLink = z.infer<typeof AlarmActionLink>;

/** Something the alarm or event names: its name as the server gives it, and the board item when the board holds it. */
const Named = z.object({
  name: z.string(),
  /** The board item's href, when the board holds this item: its panel is one click away. */
  itemHref: z.string().optional(),
});

/** One alarm as the queue shows it. */
export const AlarmSummary = z.object({
  /** The server's id (opaque). */
  id: z.string(),
  /** When the server raised it (ISO 8601, as the server gave it). */
  time: z.string(),
  message: z.string(),
  source: Named,
  /** The event type's name ("Door forced open"): alarms of one kind can be worked together. */
  kind: z.string(),
  /** 0–9, 9 the highest. */
  priority: z.number().int().min(0).max(9),
  state: AlarmState,
  /** A two-part alarm between raise and restore (a forced door not yet closed): it cannot be processed yet. */
  active: z.boolean(),
  actions: z.array(AlarmActionLink),
  /** The server's note presets for this alarm. */
  notePresets: z.array(z.string()),
});
export type AlarmSummary = z.infer<typeof AlarmSummary>;

export const AlarmHistoryEntry = z.object({
  time: z.string(),
  /** comment, acknowledge, process, acknowledgeActive, escalated, viewed, legacy. */
  action: z.string(),
  comment: z.string().optional(),
  operator: z.string().optional(),
});
export type AlarmHistoryEntry = z.infer<typeof AlarmHistoryEntry>;

export const AlarmDetail = AlarmSummary.extend({
  details: z.string().optional(),
  history: z.array(AlarmHistoryEntry),
  /** The alarm's instructions: the server's HTML page, sanitised in main (no scripts, no remote loads). */
  instruction: z.object({ name: z.string().optional(), html: z.string() }).optional(),
  cardholder: z.string().optional(),
});
export type AlarmDetail = z.infer<typeof AlarmDetail>;

/**
 * Where the queue comes from and how fresh it is. `server`: followed live from the server's alarms;
 * `unlicensed`: the site has no RESTEvents (the board's status-derived attention and the local book serve
 * instead); `none`: no site open.
 */
export const AlarmFeed = z.object({
  source: z.enum(['server', 'unlicensed', 'none']),
  live: z.boolean(),
  /** Last time the server answered the follower (ms since the epoch): the queue's age when not live. */
  heardAt: z.number().optional(),
  /** The server has more changes than one answer carries: the follower is catching up. */
  behind: z.boolean(),
  /** Why not live, in words for the operator. */
  reason: z.string().optional(),
});
export type AlarmFeed = z.infer<typeof AlarmFeed>;

export const AlarmQueue = z.object({ alarms: z.array(AlarmSummary), feed: AlarmFeed });
export type AlarmQueue = z.infer<typeof AlarmQueue>;

/** What the operator asks of one or more alarms; main uses the `…WithComment` link when a note is given. */
export const AlarmActRequest = z
  .object({
    ids: z.array(z.string().min(1).max(200)).min(1, 'choose at least one alarm').max(100, 'at most 100 alarms at once'),
    action: z.enum(['comment', 'acknowledge', 'process', 'forceProcess']),
    comment: z.string().trim().min(1).max(2_048, 'a note is at most 2,048 characters').optional(),
  })
  .strict();
export type AlarmActRequest = z.infer<typeof AlarmActRequest>;

export const AlarmActResult = z.object({
  results: z.array(z.object({ id: z.string(), outcome: z.enum(['done', 'refused', 'failed']), text: z.string().optional() })),
});
export type AlarmActResult = z.infer<typeof AlarmActResult>;

/** One event of the server's journal. */
export const ServerEvent = z.object({
  id: z.string(),
  time: z.string(),
  message: z.string(),
  priority: z.number().int().min(0).max(9),
  type: z.string(),
  group: z.string().optional(),
  source: Named,
  cardholder: z.string().optional(),
  operator: z.string().optional(),
  /** Present when the event is also an alarm. */
  alarmState: AlarmState.optional(),
});
export type ServerEvent = z.infer<typeof ServerEvent>;

export const EventFilter = z
  .object({
    /** Inclusive range, ISO 8601. */
    after: z.string().max(40).optional(),
    before: z.string().max(40).optional(),
    /** A board item's href: events at that item. */
    itemHref: z.string().max(4_000).optional(),
    /** Event type or group ids, as `events.groups` lists them. */
    types: z.array(z.string().max(200)).max(100).optional(),
    groups: z.array(z.string().max(200)).max(100).optional(),
    /** A cardholder's href from the cardholder search. */
    cardholderHref: z.string().max(4_000).optional(),
  })
  .strict();
export type EventFilter = z.infer<typeof EventFilter>;

export const EventPage = z.object({
  /** Newest first. */
  events: z.array(ServerEvent),
  /** Pass back to get the older page; absent when there is none. */
  older: z.string().optional(),
});
export type EventPage = z.infer<typeof EventPage>;

export const EventGroups = z.array(z.object({ id: z.string(), name: z.string(), types: z.array(z.object({ id: z.string(), name: z.string() })) }));
export type EventGroups = z.infer<typeof EventGroups>;

export const alarmCalls = {
  /** The whole queue, for a renderer whose link just (re)opened. */
  'alarms.get': { params: none, result: AlarmQueue },
  'alarms.detail': { params: z.object({ id: z.string().min(1).max(200) }).strict(), result: AlarmDetail },
  /** Refused, never queued, while the site is not live; each alarm's outcome is in the audit log. */
  'alarms.act': { params: AlarmActRequest, result: AlarmActResult },
  'events.list': {
    params: EventFilter.extend({
      older: z.string().max(4_000).optional(),
      limit: z.number().int().min(1).max(1_000).default(200),
    }).strict(),
    result: EventPage,
  },
  'events.groups': { params: none, result: EventGroups },
  'events.exportCsv': { params: EventFilter, result: z.object({ fileName: z.string(), csv: z.string(), rows: z.number().int() }) },
} as const;

export const alarmEvents = {
  /** Alarms added or changed (`upserts`) and those gone from the queue (processed, or no longer visible). */
  'alarms.changed': z.object({ upserts: z.array(AlarmSummary), removed: z.array(z.string()) }),
  'alarms.feed': AlarmFeed,
  /** New events as the server reports them, oldest first. */
  'events.appended': z.array(ServerEvent),
} as const;
