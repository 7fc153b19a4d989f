import { z } from 'zod';
import { Link } from './schemas';

/** A card type from the card-type list; `credentialClass` `piv` marks the PIV/PIV-I type (8.00+). */
export const CardType = z.object({
  href: z.string(),
  name: z.string().optional(),
  credentialClass: z.string().optional(),
  /** Returned only when asked for via fields; for PIV: `Active`, `Disabled (manually)`. */
  availableCardStates: z.array(z.string()).optional(),
});
export type CardType = z.infer<typeof CardType>;

export const CardTypePage = z.object({ results: z.array(CardType), next: Link.optional() });

/** A card's status as the server reports it: `type` may be `inactive`, with `value` giving the reason. */
export const CardStatus = z.object({ value: z.string(), type: z.string().optional() });

export const PivDataRead = z.object({
  chuid: z
    .object({
      hash: z.string().optional(),
      fascn: z.string().optional(),
      orgIdentifier: z.string().optional(),
      duns: z.string().optional(),
    })
    .optional(),
  pivStatus: z.object({ type: z.string() }).optional(),
  lastCheckTime: z.string().optional(),
  contentSigningCert: z.string().optional(),
  cardAuthenticationCert: z.string().optional(),
  pivAuthenticationCert: z.string().optional(),
  fingerprints: z.string().optional(),
});

/** A card in a cardholder's `cards` array; only DELETE works on its href. */
export const CardRead = z.object({
  href: z.string(),
  number: z.string().optional(),
  issueLevel: z.number().int().optional(),
  type: Link.extend({ name: z.string().optional() }).optional(),
  status: CardStatus.optional(),
  pivData: PivDataRead.optional(),
});
export type CardRead = z.infer<typeof CardRead>;

/** A cardholder as far as this interface shows it: the cards and the names; other fields are kept loosely. */
export const Cardholder = z.looseObject({
  href: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  division: Link.extend({ id: z.string().optional() }).optional(),
  cards: z.array(CardRead).optional(),
  /** The long poll on this cardholder (cc_rest.yaml: CardholderDetail.updates), where the server gives one. */
  updates: Link.optional(),
});
export type Cardholder = z.infer<typeof Cardholder>;

/** One answer of a cardholder's updates long poll: what changed (empty when the hold ended with nothing) and the next call. */
export const CardholderUpdate = z.object({ updates: z.looseObject({}), next: Link });
