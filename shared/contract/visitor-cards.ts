import { z } from 'zod';
import { none } from './none';
import { CardCheckResult } from './reception';

/**
 * A visitor's card, issued at reception and collected when they leave, and the card in the desk's
 * reader read as a card number (for the card check and for issuing). Every action goes to the server
 * at once or is refused: nothing here is queued while offline.
 */

const Href = z.string().min(1).max(2000);
const Name = z.string().trim().min(1).max(200);

/** A card type the reception may hand out (the server's own list; PIV and mobile types are not handed out here). */
export const IssuableCardType = z.object({
  href: z.string(),
  name: z.string(),
  /** The type's number rule in words ("1 to 16777215", "Digits only, at most 40"), where the server gives one. */
  numberRule: z.string().optional(),
});
export type IssuableCardType = z.infer<typeof IssuableCardType>;

/** One of a visitor's cards, as the server lists it. */
export const VisitorCard = z.object({
  href: z.string(),
  number: z.string(),
  type: z.string().optional(),
  /** The server's words for its state ("Active", "Expired"…). */
  state: z.string(),
  until: z.string().optional(),
});
export type VisitorCard = z.infer<typeof VisitorCard>;

export const CardIssue = z
  .object({
    cardholder: Href,
    visitorName: Name,
    type: z.object({ href: Href, name: Name }).strict(),
    number: z.string().trim().min(1, 'type the card number or read it from the reader').max(64, 'a card number is at most 64 characters'),
    /** The visit's end (ISO date-time): the card stops opening doors then. */
    until: z.iso.datetime({ offset: true }),
  })
  .strict();
export type CardIssue = z.infer<typeof CardIssue>;

export const CardCollection = z
  .object({ cardholder: Href, visitorName: Name, card: Href, number: z.string().trim().min(1).max(64) })
  .strict();

/** The card in the desk's reader, named by its PIV Authentication certificate, as the card number enrolment stores. */
export const CardInReader = z.object({
  number: z.string(),
  /** How the desk names the card: "PIV · agency 4700 · card 001337". */
  label: z.string(),
});
export type CardInReader = z.infer<typeof CardInReader>;

export const visitorCardCalls = {
  'reception.cardTypes': { params: none, result: z.object({ types: z.array(IssuableCardType) }) },
  'reception.visitorCards': { params: z.object({ cardholder: Href }).strict(), result: z.object({ cards: z.array(VisitorCard) }) },
  'reception.issueCard': { params: CardIssue, result: z.object({ cards: z.array(VisitorCard) }) },
  'reception.collectCard': { params: CardCollection, result: z.object({ cards: z.array(VisitorCard) }) },
  'cardReader.number': { params: none, result: CardInReader },
  'cardCheck.inReader': { params: none, result: z.object({ card: CardInReader, check: CardCheckResult }) },
} as const;
