import { z } from 'zod';
import { none } from './none';
import { CardholderMatch } from './directory';

/**
 * Who is at the desk: the roster of this desk's operators, signing in (the operator's own PIV card, or a
 * name and desk PIN where the installer allows it), the lock, the overrides this desk has running, and
 * the shift handover. Main decides who is signed in (electron/core/operators/); with nobody signed in it
 * refuses every call that acts (commands, alarm actions, enrolment, settings).
 */

export const OperatorRole = z.enum(['operator', 'supervisor']);
export type OperatorRole = z.infer<typeof OperatorRole>;

/** A card linked to an operator: how the card is known again at sign-in. */
export const OperatorCard = z.object({
  /** The card's FASC-N (or the CHUID's card UUID where the FASC-N is the no-credential pattern), as hex. */
  cardId: z.string(),
  /** What the roster shows: "PIV · agency 1234 · card 000042". */
  label: z.string(),
  /** The PIV Authentication certificate's expiry (ms since the epoch), for the roster to warn ahead. */
  expiresAt: z.number().optional(),
});
export type OperatorCard = z.infer<typeof OperatorCard>;

/** Wrong desk PINs counted for an operator (or the whole desk), and what they hold back. */
export const DeskPinLock = z.object({
  count: z.number().int(),
  /** Desk-PIN sign-in is locked until a supervisor lifts it. */
  locked: z.boolean(),
  /** The next try waits until then (ms since the epoch). */
  until: z.number().optional(),
});
export type DeskPinLock = z.infer<typeof DeskPinLock>;

export const Operator = z.object({
  /** The desk's own id for this roster entry. */
  id: z.string(),
  name: z.string(),
  /** The server's cardholder: its id is what overrides send as `requested_by`. */
  cardholderId: z.string(),
  cardholderHref: z.string(),
  role: OperatorRole,
  cards: z.array(OperatorCard),
  /** Whether a desk PIN is set (the fallback sign-in); the PIN itself never leaves main. */
  hasDeskPin: z.boolean(),
  addedAt: z.number(),
  /** Their wrong desk PINs, where there are any (a supervisor can lift a lock). */
  deskPinLock: DeskPinLock.optional(),
});
export type Operator = z.infer<typeof Operator>;

/** The signed-in operator as every screen needs it. */
export const SignedInOperator = Operator.pick({ id: true, name: true, cardholderId: true, role: true });
export type SignedInOperator = z.infer<typeof SignedInOperator>;

export const LockReason = z.enum(['started', 'signedOut', 'idle', 'cardRemoved', 'shiftEnded']);
export type LockReason = z.infer<typeof LockReason>;

/**
 * Why a sign-in was refused, one word per cause, for the audit log's filter and the desk's count of
 * refusals. The message the guard saw is kept beside it in words.
 */
export const SignInRefusal = z.enum([
  'no-card', // no card, several cards, the card left or could not be read
  'not-piv', // the card has no PIV application or a malformed object
  'no-card-id', // the certificate names no FASC-N and no card UUID
  'untrusted-issuer', // the certificate does not chain to a CA this desk trusts (or none is trusted yet)
  'expired', // the certificate is expired or not yet valid
  'revoked', // revoked at this desk
  'chuid-signature', // the CHUID's signature is missing, broken, or not by a content signer this desk trusts
  'chuid-mismatch', // the CHUID and the certificate name different cards
  'wrong-pin', // the card refused the PIN (it counts its own tries)
  'pin-blocked', // the card's PIN is blocked
  'pin-guard', // the desk would not send the PIN: a wait, the card taken out and put back, or its last try kept
  'challenge-failed', // the card did not prove it holds its certificate's key
  'not-on-roster', // a proven card no operator here holds
  'wrong-desk-pin', // a desk PIN that is not the operator's
  'desk-pin-locked', // desk-PIN sign-in waits or is locked after wrong PINs
]);
export type SignInRefusal = z.infer<typeof SignInRefusal>;

export const SignInPolicy = z.object({
  /** Minutes without a key or pointer before the desk locks itself; null: never. */
  idleLockMinutes: z.number().int().min(1).max(720).nullable(),
  /**
   * The operator's card stays in the reader while signed in: taking it out locks the desk, unless the
   * same card is back in the same reader within `cardRemovedGraceSeconds`. On by default (a guard desk).
   */
  cardStaysInReader: z.boolean(),
  /** Seconds a card may be out of the reader (a knock, reseating it) before the desk locks; 0 locks at once. */
  cardRemovedGraceSeconds: z.number().int().min(0).max(60).default(5),
  /** A name and desk PIN signs in where no reader is fitted. Off in the kiosk profile. */
  deskPinFallback: z.boolean(),
});
export type SignInPolicy = z.infer<typeof SignInPolicy>;

export const OperatorSession = z.object({
  operator: SignedInOperator.optional(),
  /** When the operator signed in (ms since the epoch). */
  since: z.number().optional(),
  /** Why nobody is signed in, when nobody is. */
  locked: LockReason.optional(),
  policy: SignInPolicy,
  /** The roster is empty: the first operator added becomes the supervisor, no sign-in needed. */
  rosterEmpty: z.boolean(),
  /** A shift ended and its handover waits for the next operator to acknowledge it. */
  handoverPending: z.string().optional(),
  /** Refused sign-ins at this desk lately, when there were REFUSALS_FOR_ATTENTION or more: the desk shows them. */
  refusals: z.object({ count: z.number().int(), since: z.number(), last: z.number() }).optional(),
  /** Desk-PIN sign-in locked or counting for the whole desk, where any wrong PINs count. */
  deskPinLock: DeskPinLock.optional(),
});
export type OperatorSession = z.infer<typeof OperatorSession>;

/** Someone else the card in the reader belongs to: an enrolment at this desk, or the server's cardholder. */
export const CardHeldBy = z.object({
  /** In words: "Ada Lovelace (new cardholder, North Building)", "Grace Whitfield". */
  name: z.string(),
  source: z.enum(['enrolment', 'server']),
  /** When this desk enrolled it (ms since the epoch), and how that enrolment stands. */
  at: z.number().optional(),
  state: z.string().optional(),
});
export type CardHeldBy = z.infer<typeof CardHeldBy>;

/** The card in the reader, before it is linked to an operator: what it is and whose else it is. */
export const CardInReader = z.object({
  label: z.string(),
  /** Its card number as the server knows it (FASC-N digits or the PIV-I UUID as a number). */
  cardNumber: z.string().optional(),
  heldBy: z.array(CardHeldBy),
  /** Why the server was not asked (offline, no answer in time): only this desk's enrolments were compared. */
  serverUnasked: z.string().optional(),
});
export type CardInReader = z.infer<typeof CardInReader>;

const DeskPin = z.string().regex(/^\d{4,8}$/, 'a desk PIN is 4 to 8 digits');
const CardPin = z.string().regex(/^\d{6,8}$/, 'the PIN is 6 to 8 digits');

/** An override sent from this desk that may still be running. */
export const ActiveOverride = z.object({
  id: z.string(),
  itemHref: z.string(),
  itemName: z.string(),
  /** The command's key (`freeUntil`) and its words ("Free until 18:00"). */
  command: z.string(),
  mode: z.string(),
  operator: z.string(),
  sentAt: z.number(),
  /** When it ends (ms since the epoch); absent: until cancelled. */
  endsAt: z.number().optional(),
  /** `running`: the item's live state still shows it; `ended`: the server no longer shows it; `unknown`: not live. */
  state: z.enum(['running', 'ended', 'cancelled', 'unknown']),
  /** Why it is not `running`, in words ("Its end time has passed", "The item is not live: …"). */
  reason: z.string().optional(),
  /** When it was found ended or was cancelled (ms since the epoch): the view drops it a while after. */
  endedAt: z.number().optional(),
});
export type ActiveOverride = z.infer<typeof ActiveOverride>;

const ReportRow = z.object({ time: z.number(), what: z.string(), detail: z.string().optional() });

/** A server alarm not yet processed when the shift ended: what the next operator takes first. */
export const OpenAlarmRow = z.object({
  /** When the server raised it (ms since the epoch): its age at the shift's end is `to` minus this. */
  raisedAt: z.number(),
  /** Where: the alarm's source item by name. */
  source: z.string(),
  /** What: the alarm's kind ("Door forced open"). */
  kind: z.string(),
  /** The server's own message for it ("Panic button pressed at reception"), when it says more than the kind. */
  message: z.string().optional(),
  priority: z.number().int().min(0).max(9),
  /** Still waiting for someone to acknowledge it, or acknowledged and not yet processed. */
  state: z.enum(['unacknowledged', 'acknowledged']),
});
export type OpenAlarmRow = z.infer<typeof OpenAlarmRow>;

/** What happened in one operator's shift, for the next operator to take over. */
export const ShiftReport = z.object({
  id: z.string(),
  operator: z.string(),
  from: z.number(),
  to: z.number(),
  alarmsHandled: z.array(ReportRow),
  overridesSent: z.array(ReportRow),
  overridesRunning: z.array(ActiveOverride),
  enrolments: z.array(ReportRow),
  /**
   * The server's alarms still open at the shift's end, unacknowledged first, then by priority and age.
   * Absent in a report kept before the desk recorded them, and on a site whose alarms it does not follow.
   */
  openAlarms: z.array(OpenAlarmRow).optional(),
  /** The alarm queue was not live at the shift's end: when the server was last heard (ms since the epoch). */
  openAlarmsHeardAt: z.number().optional(),
  /** Doors (and other items) still in alarm when the shift ended. */
  stillInAlarm: z.array(ReportRow),
  /** What the desk could not send (outbox, refused while offline). */
  notSent: z.array(ReportRow),
  acknowledgedBy: z.string().optional(),
  acknowledgedAt: z.number().optional(),
});
export type ShiftReport = z.infer<typeof ShiftReport>;

export const operatorCalls = {
  'operator.session': { params: none, result: OperatorSession },
  /** Signs in with the card in the reader: chain, PIN (VERIFY on the card), challenge–response, roster. */
  'operator.signInWithCard': { params: z.object({ reader: z.string().min(1).optional(), pin: CardPin }).strict(), result: OperatorSession },
  'operator.signInWithPin': { params: z.object({ operatorId: z.string().min(1), pin: DeskPin }).strict(), result: OperatorSession },
  'operator.signOut': { params: none, result: OperatorSession },
  /** The operator touched the desk (sent at most every few seconds): postpones the idle lock. */
  'operator.active': { params: none, result: none },
  /** Names only, for the desk-PIN sign-in's list; empty when the fallback is off. */
  'operators.names': { params: none, result: z.array(z.object({ id: z.string(), name: z.string() })) },
  'operators.list': { params: none, result: z.array(Operator) },
  /** Supervisor only (or the first operator of an empty roster). Links the card in the reader when `linkCard`. */
  'operators.add': {
    params: z
      .object({ cardholder: CardholderMatch, role: OperatorRole, linkCard: z.boolean(), reader: z.string().min(1).optional(), deskPin: DeskPin.optional() })
      .strict(),
    result: z.array(Operator),
  },
  'operators.remove': { params: z.object({ id: z.string().min(1) }).strict(), result: z.array(Operator) },
  /** Supervisor only: names the card in the reader and who else holds it, before linking it to the operator whose cardholder is `cardholderHref`. */
  'operators.cardInReader': { params: z.object({ cardholderHref: z.string().min(1), reader: z.string().min(1).optional() }).strict(), result: CardInReader },
  'operators.linkCard': { params: z.object({ id: z.string().min(1), reader: z.string().min(1).optional() }).strict(), result: z.array(Operator) },
  'operators.setPolicy': { params: SignInPolicy.strict(), result: OperatorSession },
  /** Supervisor only: lifts the desk-PIN lock of one operator (`id`) or of the whole desk (no id), audited. */
  'operators.liftPinLock': { params: z.object({ id: z.string().min(1).optional() }).strict(), result: z.array(Operator) },
  /** A signed-in operator has seen the refused sign-ins the desk showed: the notice goes until the next ones. */
  'operator.refusalsSeen': { params: none, result: OperatorSession },
  'overrides.active': { params: none, result: z.array(ActiveOverride) },
  /** Sends the item's cancel command (the operator confirmed it), audited. */
  'overrides.cancel': { params: z.object({ id: z.string().min(1) }).strict(), result: z.array(ActiveOverride) },
  /** The signed-in operator's shift so far. */
  'shift.report': { params: none, result: ShiftReport },
  /** Ends the shift: the report is kept in the audit log, the desk locks, and the next operator acknowledges it. */
  'shift.end': { params: none, result: ShiftReport },
  'shift.pending': { params: none, result: ShiftReport.optional() },
  'shift.acknowledge': { params: z.object({ id: z.string().min(1) }).strict(), result: OperatorSession },
  'shift.exportCsv': { params: z.object({ id: z.string().min(1) }).strict(), result: z.object({ fileName: z.string(), csv: z.string(), rows: z.number().int() }) },
} as const;

export const operatorEvents = {
  'operator.session': OperatorSession,
  'overrides.active': z.array(ActiveOverride),
} as const;
