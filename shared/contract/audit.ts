import { z } from 'zod';
import { none } from './none';
import { ShiftReport, SignInRefusal } from './operators';

/**
 * The audit log: every action taken at this desk, appended with time, desk and the outcome the operator
 * saw. Main records (electron/core/offline/audit-log.ts); the renderer only browses and exports.
 */

/** How the action ended, as the operator was told. */
export const AuditOutcome = z.enum(['done', 'refused', 'failed', 'uncertain']);
export type AuditOutcome = z.infer<typeof AuditOutcome>;

const ItemNamed = z.object({ href: z.string(), name: z.string() });

const common = {
  outcome: AuditOutcome,
  /** What the desk said about the outcome, e.g. the error shown ("Not connected to the server: …"). */
  outcomeText: z.string().optional(),
};

/**
 * One action, by kind. Personal fields (the cardholder an override was requested by, the cardholder
 * enrolled) are sealed in the local store with the vault's key; the rest is kept as is.
 */
export const AuditAction = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('override'),
    item: ItemNamed,
    command: z.string(),
    endTime: z.string().optional(),
    zoneCount: z.number().int().optional(),
    /** Personal: the cardholder id sent as `requested_by`. */
    requestedBy: z.string().optional(),
    /** Personal: that cardholder's name as the desk knew it when sending (its roster, or a search's name); absent when not known. */
    requestedByName: z.string().optional(),
    ...common,
  }),
  z.object({ kind: z.literal('alarm.acknowledged'), item: ItemNamed, comment: z.string().optional(), ...common }),
  z.object({
    kind: z.literal('alarm.acted'),
    /** The server's alarm: its id, and its source as the server named it (href: the board item's, else the server's). */
    alarm: z.string(),
    item: ItemNamed,
    /** The alarm's kind ("Door forced open") and what was done: comment, acknowledge, process, forceProcess. */
    alarmKind: z.string(),
    action: z.string(),
    /** The note sent with it, if any. */
    note: z.string().optional(),
    ...common,
  }),
  z.object({
    kind: z.literal('enrolment'),
    /** Sent (`done`), failed, or `uncertain` (the server may or may not have it). Personal: the cardholder's name and id as the operator entered or chose them. */
    cardholder: z.string(),
    cardNumber: z.string().optional(),
    ...common,
  }),
  z.object({
    kind: z.literal('settings.changed'),
    /** Which setting, in words ("API key replaced", "Server certificate pinned"); never the secret. */
    setting: z.string(),
    ...common,
  }),
  z.object({ kind: z.literal('site.switched'), site: z.enum(['auto', 'configured', 'demo']), origin: z.string().optional(), ...common }),
  z.object({
    kind: z.literal('plan.changed'),
    /** A floor plan imported, removed, or every plan of the site restored from a backup; never the image itself. */
    change: z.enum(['imported', 'removed', 'restored']),
    /** The floor as the board names it ("Level 2 · North Building"), or "every floor" for a restore. */
    floor: z.string(),
    /** The plan's (or backup's) file name. */
    plan: z.string(),
    ...common,
  }),
  z.object({
    kind: z.literal('operator.signedIn'),
    /** How: the operator's own card, the desk PIN fallback, or the first operator added to an empty roster. */
    method: z.enum(['card', 'deskPin', 'firstOperator']),
    /** For a refused sign-in: the roster operator it was for, when one was named or matched. */
    attempted: z.string().optional(),
    /** For a refused sign-in: why, in one word (the words the guard saw are `outcomeText`). */
    reason: SignInRefusal.optional(),
    /** For a refused card: its PIV Authentication certificate's serial number, where it could be read. */
    cardSerial: z.string().optional(),
    /** Personal: that certificate's subject (the name on the card), where it could be read. */
    cardSubject: z.string().optional(),
    ...common,
  }),
  z.object({
    kind: z.literal('operator.signedOut'),
    reason: z.enum(['started', 'signedOut', 'idle', 'cardRemoved', 'shiftEnded']),
    ...common,
  }),
  z.object({
    kind: z.literal('operators.changed'),
    change: z.enum(['added', 'removed', 'cardLinked', 'policy', 'pinLockLifted']),
    /** The roster operator added, removed, given a card or whose desk-PIN lock was lifted (their name); absent for a policy change or the whole desk's lock. */
    subject: z.string().optional(),
    /** In words: "supervisor", "PIV · agency 1234 · card 000042", "idle lock 15 min, card stays in reader". */
    detail: z.string().optional(),
    ...common,
  }),
  z.object({
    kind: z.literal('override.cancelled'),
    item: ItemNamed,
    /** The key sent to end it (`cancel`, `unshunt`…) and the override it ended, in words ("Free until…"). */
    command: z.string(),
    override: z.string(),
    ...common,
  }),
  z.object({
    kind: z.literal('visitor.state'),
    /** Personal: the visitor's name. The visit's name and the state set (signedIn, departed, cancelled…). */
    visitor: z.string(),
    visit: z.string(),
    state: z.string(),
    ...common,
  }),
  /** The visit's host told (sign-in or on-site notification). Personal: the visitor's and host's names. */
  z.object({ kind: z.literal('visitor.hostNotified'), visitor: z.string(), host: z.string().optional(), notice: z.enum(['signingIn', 'onSite']), ...common }),
  /** A walk-in visit made at the desk. Personal: the visitor's and host's names. */
  z.object({ kind: z.literal('visit.walkIn'), visitor: z.string(), host: z.string(), reception: z.string(), ...common }),
  /** A card lent to a visitor at reception (valid until the visit's end). Personal: the visitor's name and the card number. */
  z.object({ kind: z.literal('visitorCard.issued'), visitor: z.string(), cardNumber: z.string(), cardType: z.string(), ...common }),
  /** A visitor's card handed back at reception and taken off their record. Personal: the visitor's name and the card number. */
  z.object({ kind: z.literal('visitorCard.collected'), visitor: z.string(), cardNumber: z.string(), ...common }),
  /** Someone marked safe at a muster point (moved into its zone on the server). Personal: their name. */
  z.object({ kind: z.literal('rollCall.markedSafe'), person: z.string(), zone: z.string(), ...common }),
  /** A shift ended: the report the next operator takes over, kept whole. */
  z.object({ kind: z.literal('shift.ended'), report: ShiftReport, ...common }),
  /** The next operator read the handover of `report` (the ended shift's report id). */
  z.object({ kind: z.literal('shift.acknowledged'), report: z.string(), endedBy: z.string(), acknowledgedBy: z.string(), ...common }),
  z.object({ kind: z.literal('audit.retention'), retentionDays: z.number().int().nullable(), ...common }),
  z.object({
    kind: z.literal('audit.pruned'),
    /** How many entries were removed, the first and last removed, and the hash the kept chain now starts from. */
    count: z.number().int(),
    fromSeq: z.number().int(),
    toSeq: z.number().int(),
    olderThan: z.number(),
    lastHash: z.string(),
    ...common,
  }),
]);
export type AuditAction = z.infer<typeof AuditAction>;
export type AuditKind = AuditAction['kind'];
export const AuditKind = z.enum([
  'override',
  'alarm.acknowledged',
  'alarm.acted',
  'enrolment',
  'settings.changed',
  'site.switched',
  'plan.changed',
  'operator.signedIn',
  'operator.signedOut',
  'operators.changed',
  'override.cancelled',
  'shift.ended',
  'shift.acknowledged',
  'audit.retention',
  'audit.pruned',
  'visitor.state',
  'visitor.hostNotified',
  'visit.walkIn',
  'visitorCard.issued',
  'visitorCard.collected',
  'rollCall.markedSafe',
]);

/** One entry as the audit screen shows it. */
export const AuditEntry = z.object({
  seq: z.number().int(),
  /** When it was recorded (ms since the epoch). */
  at: z.number(),
  /** Which desk (its host name, or the name Settings gave it). */
  desk: z.string(),
  /** The operator signed in when it was recorded (their name); absent while the roster was empty or nobody was signed in. */
  operator: z.string().optional(),
  action: AuditAction,
  /**
   * `sealed`: personal fields were sealed and are shown opened; `withheld`: the vault's key could not
   * be had when it was recorded, so personal fields were not kept; `unreadable`: sealed under a key this
   * desk no longer has.
   */
  personal: z.enum(['none', 'sealed', 'withheld', 'unreadable']),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditFilter = z
  .object({
    /** Inclusive range of `at` (ms since the epoch). */
    from: z.number().optional(),
    to: z.number().optional(),
    kinds: z.array(AuditKind).optional(),
    outcomes: z.array(AuditOutcome).optional(),
    /** Matched, case-insensitively, against the entry's words (item, command, setting, outcome text). */
    text: z.string().max(200).optional(),
  })
  .strict();
export type AuditFilter = z.infer<typeof AuditFilter>;

export const AuditPage = z.object({ entries: z.array(AuditEntry), total: z.number().int(), more: z.boolean() });
export type AuditPage = z.infer<typeof AuditPage>;

/** The chain check: each entry carries the hash of the one before; the first broken link is reported. */
export const AuditCheck = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), entries: z.number().int() }),
  z.object({ ok: z.literal(false), entries: z.number().int(), brokenAt: z.number().int(), reason: z.string() }),
]);
export type AuditCheck = z.infer<typeof AuditCheck>;

export const AuditOverview = z.object({
  entries: z.number().int(),
  oldestAt: z.number().optional(),
  /** Entries older than this many days are pruned (and the pruning recorded); null keeps everything. */
  retentionDays: z.number().int().nullable(),
  check: AuditCheck,
});
export type AuditOverview = z.infer<typeof AuditOverview>;

export const AuditExport = z.object({ fileName: z.string(), csv: z.string(), rows: z.number().int() });
export type AuditExport = z.infer<typeof AuditExport>;

export const auditCalls = {
  'audit.overview': { params: none, result: AuditOverview },
  'audit.list': {
    params: AuditFilter.extend({
      /** Newest first; pass the last seq shown to get the page after it. */
      beforeSeq: z.number().int().optional(),
      limit: z.number().int().min(1).max(1000).default(200),
    }).strict(),
    result: AuditPage,
  },
  'audit.exportCsv': { params: AuditFilter, result: AuditExport },
  'audit.setRetention': {
    params: z.object({ retentionDays: z.number().int().min(1).max(36_500).nullable() }).strict(),
    result: AuditOverview,
  },
} as const;

export const auditEvents = {
  /** Each entry as it is recorded, for an open audit screen. */
  'audit.appended': AuditEntry,
} as const;
