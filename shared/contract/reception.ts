import { z } from 'zod';
import { none } from './none';

/**
 * Reception and who is on site: today's visits at a reception and each visitor's day, a walk-in
 * visit, and the roll call (who is inside, by access zone; people marked safe at a muster point).
 * Every action goes to the server at once or is refused: nothing here is queued while offline.
 */

/** A visitor's state on a visit (the server's fixed list). */
export const VisitorState = z.enum(['expected', 'signingIn', 'signedIn', 'onSite', 'expectedBack', 'departed', 'cancelled']);
export type VisitorState = z.infer<typeof VisitorState>;

const Href = z.string().min(1).max(2000);
const Name = z.string().trim().min(1).max(200);

export const ReceptionEntry = z.object({ href: z.string(), name: z.string() });
export type ReceptionEntry = z.infer<typeof ReceptionEntry>;

export const VisitorRow = z.object({
  /** The visitor's own href (8.90): absent on older servers, where states cannot be changed. */
  href: z.string().optional(),
  cardholderHref: z.string(),
  name: z.string(),
  /** Absent before 8.90 (the server does not say). */
  state: VisitorState.optional(),
  /** Past the visit's end and neither departed nor cancelled. */
  overdue: z.boolean(),
});
export type VisitorRow = z.infer<typeof VisitorRow>;

export const VisitRow = z.object({
  href: z.string(),
  name: z.string(),
  description: z.string().optional(),
  host: z.object({ href: z.string(), name: z.string() }).optional(),
  /** ISO date-times. */
  from: z.string().optional(),
  until: z.string().optional(),
  location: z.string().optional(),
  visitors: z.array(VisitorRow),
});
export type VisitRow = z.infer<typeof VisitRow>;

export const TodaysVisits = z.object({
  reception: ReceptionEntry,
  /** Today's visits (any that overlap today), by start time. */
  visits: z.array(VisitRow),
  /** When the server answered (ms since the epoch). */
  at: z.number(),
  /** The server lets visitor states change and hosts be notified (8.90). */
  statesOffered: z.boolean(),
});
export type TodaysVisits = z.infer<typeof TodaysVisits>;

export const VisitorTypeEntry = z.object({ href: z.string(), name: z.string() });

export const VisitorStateChange = z
  .object({ visitor: Href, visitorName: Name, visitName: Name, state: VisitorState })
  .strict();

export const HostNotification = z
  .object({ visitor: Href, visitorName: Name, hostName: Name.optional(), reception: Name, kind: z.enum(['signingIn', 'onSite']) })
  .strict();

export const WalkIn = z
  .object({
    reception: Href,
    visitorType: Href,
    host: z.object({ href: Href, name: Name }).strict(),
    /** An existing cardholder, or a new one by name (made in the reception's division). */
    visitor: z.union([z.object({ href: Href, name: Name }).strict(), z.object({ firstName: Name, lastName: Name }).strict()]),
    /** ISO date-times; until must be after from. */
    from: z.iso.datetime({ offset: true }),
    until: z.iso.datetime({ offset: true }),
    location: z.string().trim().max(200).optional(),
  })
  .strict();
export type WalkIn = z.infer<typeof WalkIn>;

/** A visitor: on one of today's visits (any reception). Staff: everyone else. */
export const PersonKind = z.enum(['visitor', 'staff']);
export type PersonKind = z.infer<typeof PersonKind>;

export const PersonInZone = z.object({
  href: z.string(),
  name: z.string(),
  at: z.string().optional(),
  /** Absent when the desk could not tell visitors apart (`RollCall.visitorsUnknown` says why). */
  kind: PersonKind.optional(),
});
export type PersonInZone = z.infer<typeof PersonInZone>;
const Int = z.number().int().nonnegative();
export const ZoneRoll = z.object({ href: z.string().optional(), name: z.string(), people: z.array(PersonInZone), visitors: Int, staff: Int });
export type ZoneRoll = z.infer<typeof ZoneRoll>;

export const RollCall = z.object({
  zones: z.array(ZoneRoll),
  total: Int,
  visitors: Int,
  staff: Int,
  /** Why nobody is marked visitor or staff (no visits on this server, or they could not be read). */
  visitorsUnknown: z.string().optional(),
  /** When the server answered (ms since the epoch): for a kept copy, when it was read. */
  at: z.number(),
  /**
   * Present when this is the last roll call this desk read, kept in its local store, because the
   * server did not answer now: `why` in words.
   */
  copy: z.object({ why: z.string() }).optional(),
});
export type RollCall = z.infer<typeof RollCall>;

/** A visitor past their visit's end and neither departed nor cancelled, for the attention strip. */
export const OverdueVisitor = z.object({
  cardholderHref: z.string(),
  name: z.string(),
  visit: z.string(),
  host: z.string().optional(),
  /** The visit's end (ISO date-time): how long overdue is counted from it. */
  until: z.string(),
});
export type OverdueVisitor = z.infer<typeof OverdueVisitor>;

/**
 * The overdue visitors of the reception this desk chose, as last read. While the desk is locked (a
 * roster, nobody signed in) names are withheld and only counted.
 */
export const OverdueVisitors = z.object({
  reception: ReceptionEntry.optional(),
  visitors: z.array(OverdueVisitor),
  /** How many overdue visitors are not named because nobody is signed in. */
  withheld: Int,
  /** When the visits were read (ms since the epoch); 0 before any read. */
  at: z.number(),
});
export type OverdueVisitors = z.infer<typeof OverdueVisitors>;

export const MusterZone = z.object({ href: z.string(), name: z.string() });

export const MarkSafe = z.object({ cardholder: Href, name: Name, zone: Href, zoneName: Name }).strict();

/** Whose card it is: what a guard checks against the person in front of them. */
export const CardCheckResult = z.discriminatedUnion('found', [
  z.object({ found: z.literal(false), number: z.string() }),
  z.object({
    found: z.literal(true),
    number: z.string(),
    name: z.string(),
    divisionName: z.string().optional(),
    /** A data: URL of the cardholder's photo, when the server has one. */
    photo: z.string().optional(),
    card: z.object({
      type: z.string().optional(),
      /** The server's words for the card's state ("Active", "Lost", "Expired"…). */
      state: z.string(),
      /** The card opens doors (its state is active). */
      active: z.boolean(),
      until: z.string().optional(),
    }),
    accessGroups: z.array(z.string()),
    lastSeen: z.object({ zone: z.string(), at: z.string().optional() }).optional(),
  }),
]);
export type CardCheckResult = z.infer<typeof CardCheckResult>;

export const receptionCalls = {
  /** A cardholder's photo for a visitor badge: a data: URL, absent when the server has none. */
  'reception.photo': { params: z.object({ cardholder: Href }).strict(), result: z.object({ photo: z.string().optional() }) },
  'cardCheck.byNumber': {
    params: z.object({ number: z.string().trim().min(1, 'type the card number').max(64, 'a card number is at most 64 characters') }).strict(),
    result: CardCheckResult,
  },
  /** The site's receptions, and the one this desk chose (kept in main, per site). */
  'reception.list': { params: none, result: z.object({ receptions: z.array(ReceptionEntry), chosen: z.string().optional() }) },
  /** This desk's reception on this site: the one the Reception screen opens at, and whose overdue visitors the strip names. */
  'reception.choose': { params: z.object({ reception: Href }).strict(), result: z.object({ chosen: z.string() }) },
  'reception.overdue': { params: none, result: OverdueVisitors },
  'reception.today': { params: z.object({ reception: Href }).strict(), result: TodaysVisits },
  'reception.visitorTypes': { params: z.object({ reception: Href }).strict(), result: z.object({ types: z.array(VisitorTypeEntry), defaultType: z.string().optional() }) },
  'reception.setVisitorState': { params: VisitorStateChange, result: z.object({ state: VisitorState }) },
  'reception.notifyHost': { params: HostNotification, result: z.object({ sent: z.literal(true) }) },
  'reception.walkIn': { params: WalkIn, result: z.object({ visit: z.string() }) },
  'rollCall.get': { params: none, result: RollCall },
  'rollCall.musterZones': { params: none, result: z.object({ zones: z.array(MusterZone) }) },
  'rollCall.markSafe': { params: MarkSafe, result: z.object({ zone: z.string() }) },
} as const;

export const receptionEvents = {
  /** The chosen reception's overdue visitors, after each read of its visits (a minute apart, and after a change). */
  'reception.overdue': OverdueVisitors,
} as const;
