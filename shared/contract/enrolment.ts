import { z } from 'zod';
import { PivStatusType } from '../piv/card-create';
import { CertificateSummary, FascnFields, PivReadProgress } from '../piv/card-read';
import { none } from './none';

/**
 * PIV enrolment at the desk (screen 5): card readers, reading a card, enrolling it on a new or existing
 * cardholder, the outbox of enrolments waiting for the server, and managing a cardholder's PIV cards.
 * The PIN goes in once (for the fingerprint read) and never comes back; fingerprints themselves stay
 * in main: the screen only learns whether they were read.
 */

export const ReaderInfo = z.object({ name: z.string(), cardPresent: z.boolean(), atr: z.string().optional() });
export type ReaderInfo = z.infer<typeof ReaderInfo>;

export const ReaderList = z.object({
  readers: z.array(ReaderInfo),
  /** Why PC/SC readers are not listed (pcscd not running, binding missing); the demo reader still is. */
  pcscProblem: z.string().optional(),
  /** The demo reader's insert / remove controls are offered (demo site, training). */
  demoControls: z.boolean(),
});
export type ReaderList = z.infer<typeof ReaderList>;

/** What this server lets the desk enrol, found at connect: licences, the PIV card type, the version rules. */
export const EnrolmentReadiness = z.object({
  /** False until the desk has reached the server once on this site. */
  known: z.boolean(),
  serverVersion: z.string().optional(),
  /** Each thing the server lacks for enrolment, in words (e.g. the RESTCardholders licence). */
  missing: z.array(z.string()),
  pivCardType: z.object({ href: z.string(), name: z.string().optional() }).optional(),
  /** Up to 8.60 the CHUID hash must be sent; from 8.70 it is optional (Gatehouse always sends it). */
  chuidHashRequired: z.boolean().optional(),
});
export type EnrolmentReadiness = z.infer<typeof EnrolmentReadiness>;

export const DivisionChoice = z.object({ href: z.string(), name: z.string() });
export type DivisionChoice = z.infer<typeof DivisionChoice>;

/** A card read as the screen sees it: everything but the fingerprint data itself. */
export const CardPreview = z.object({
  kind: z.enum(['piv', 'piv-i']),
  reader: z.string().optional(),
  fascn: FascnFields,
  guid: z.object({ hex: z.string(), decimal: z.string() }),
  /** What the server will store as the card number: the FASC-N (PIV) or the GUID as a decimal (PIV-I). */
  cardNumber: z.string(),
  expirationDate: z.string(),
  orgIdentifier: z.string().optional(),
  duns: z.string().optional(),
  chuidSignatureValid: z.boolean(),
  contentSigningCert: CertificateSummary,
  pivAuthenticationCert: CertificateSummary,
  cardAuthenticationCert: CertificateSummary.optional(),
  fingerprintsRead: z.boolean(),
  /** Rules of the server this card breaks, checked before anything is sent (shared/piv). */
  problems: z.array(z.object({ field: z.string(), message: z.string() })),
  /** Worth knowing but not refused, e.g. an expired certificate (the card is then enrolled as Expired, so inactive). */
  warnings: z.array(z.string()),
});
export type CardPreview = z.infer<typeof CardPreview>;

export const CardRead = z.object({
  /** Names this read in main; enrol refers to it, so card data never makes a round trip through the screen. */
  readId: z.string(),
  preview: CardPreview,
});
export type CardRead = z.infer<typeof CardRead>;

export const CardStatusValue = z.enum(['active', 'disabled (manually)']);

export const NewCardholder = z
  .object({
    kind: z.literal('new'),
    firstName: z.string().trim().max(100).optional(),
    lastName: z.string().trim().max(100).optional(),
    divisionHref: z.string().min(1, 'choose a division'),
  })
  .strict()
  .refine((c) => !!c.firstName || !!c.lastName, { message: 'a first name or a last name is required', path: ['firstName'] });

export const ExistingCardholder = z
  .object({
    kind: z.literal('existing'),
    href: z.url({ error: 'must be the cardholder href from the server' }),
    /** The cardholder's name as the search showed it: the outbox's words for them (the href is what is sent). */
    name: z.string().trim().max(200).optional(),
  })
  .strict();

export const EnrolRequest = z
  .object({
    readId: z.string().min(1),
    cardholder: z.discriminatedUnion('kind', [NewCardholder, ExistingCardholder]),
    status: CardStatusValue,
  })
  .strict();
export type EnrolRequest = z.infer<typeof EnrolRequest>;

/** A card's status as the server reports it: `type` inactive with the reason in `value`. */
export const CardStatusView = z.object({ value: z.string(), type: z.string().optional() });

/** An enrolment kept by the desk until the server has it, or until the operator decides. */
export const OutboxItem = z.object({
  id: z.string(),
  createdAt: z.number(),
  state: z.enum(['pending', 'sending', 'uncertain', 'sent', 'refused', 'discarded']),
  /** Who it is for, in words: "Ada Lovelace (new cardholder, North Building)", "Grace Whitfield (existing cardholder)". */
  target: z.string(),
  cardNumber: z.string(),
  kind: z.enum(['piv', 'piv-i']),
  /** The last thing that happened, e.g. the server's refusal or "connection lost after sending". */
  note: z.string().optional(),
  cardholderHref: z.string().optional(),
  cardStatus: CardStatusView.optional(),
});
export type OutboxItem = z.infer<typeof OutboxItem>;

export const EnrolOutcome = z.object({ item: OutboxItem });

export const CertificateView = z.object({
  role: z.string(),
  subject: z.string(),
  issuer: z.string(),
  notBefore: z.string(),
  notAfter: z.string(),
});

export const CardView = z.object({
  href: z.string(),
  number: z.string(),
  status: CardStatusView.optional(),
  pivStatus: z.string().optional(),
  lastCheckTime: z.string().optional(),
  /** From 8.10, asked for with `fields`; empty before. */
  certificates: z.array(CertificateView),
});
export type CardView = z.infer<typeof CardView>;

export const CardholderCards = z.object({
  href: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  cards: z.array(CardView),
  /** The cardholder's updates link, where the server gives one: `enrolment.cardsChanged` waits on it. */
  updatesHref: z.string().optional(),
});
export type CardholderCards = z.infer<typeof CardholderCards>;

const CardholderHref = z.url({ error: 'must be the cardholder href from the server' });

export const enrolmentCalls = {
  'enrolment.readers': { params: none, result: ReaderList },
  'enrolment.readiness': { params: none, result: EnrolmentReadiness },
  /** Reads the card; progress comes as `enrolment.progress`. The PIN, when given, is used for the fingerprints only. */
  'enrolment.readCard': {
    params: z
      .object({
        reader: z.string().min(1).optional(),
        pin: z.string().regex(/^\d{6,8}$/, 'the PIN is 6 to 8 digits').optional(),
      })
      .strict(),
    result: CardRead,
  },
  /** Sends the enrolment through the outbox: sent now, or kept and sent once when the server is back. */
  'enrolment.enrol': { params: EnrolRequest, result: EnrolOutcome },
  'enrolment.outbox': { params: none, result: z.array(OutboxItem) },
  /** For an enrolment whose outcome is unknown: the operator checked the server and decides. */
  'enrolment.resolve': {
    params: z.object({ id: z.string().min(1), action: z.enum(['resend', 'discard']) }).strict(),
    result: z.array(OutboxItem),
  },
  'enrolment.cards': { params: z.object({ cardholderHref: CardholderHref }).strict(), result: CardholderCards },
  'enrolment.updateCard': {
    params: z
      .object({
        cardholderHref: CardholderHref,
        cardHref: z.url(),
        status: CardStatusValue.optional(),
        pivStatus: PivStatusType.optional(),
      })
      .strict()
      .refine((u) => u.status !== undefined || u.pivStatus !== undefined, { message: 'nothing to change' }),
    result: CardholderCards,
  },
  'enrolment.deleteCard': { params: z.object({ cardholderHref: CardholderHref, cardHref: z.url() }).strict(), result: CardholderCards },
  /**
   * Waits on a cardholder's updates link (`updatesHref` first, then each answer's `next`) until the
   * server says the cardholder changed or its hold ends; the first call answers at once (the start).
   */
  'enrolment.cardsChanged': {
    params: z.object({ href: z.url({ error: 'must be the updates href from the server' }) }).strict(),
    result: z.object({ changed: z.boolean(), next: z.string() }),
  },
  /** The demo reader: issue a fresh virtual PIV or PIV-I card into it, or take the card out. */
  'enrolment.demoCard': { params: z.object({ action: z.enum(['piv', 'piv-i', 'remove']) }).strict(), result: ReaderList },
} as const;

export const enrolmentEvents = {
  'enrolment.readers': ReaderList,
  'enrolment.progress': PivReadProgress,
  'enrolment.outbox': z.array(OutboxItem),
} as const;
