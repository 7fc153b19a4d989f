import { z } from 'zod';
import { none } from './none';

/**
 * What the desk trusts for signing in with a PIV card: the CA certificates the installer imported
 * (trust anchors a card's PIV Authentication certificate must chain to) and the cards the installer
 * revoked at this desk. Kept in the desk's settings (none of it is secret). The demo site trusts the
 * demo card issuer's CA as well, shown as built in; a configured site trusts only what was imported.
 */

export const TrustAnchor = z.object({
  /** The certificate's SHA-256 fingerprint, colon-separated hex as OpenSSL prints it. */
  id: z.string(),
  subject: z.string(),
  issuer: z.string(),
  /** Validity end (ms since the epoch). */
  notAfter: z.number(),
  /** The demo card issuer's CA, trusted on the demo site only; not stored, cannot be removed. */
  builtIn: z.boolean(),
});
export type TrustAnchor = z.infer<typeof TrustAnchor>;

export const RevokedCard = z.object({
  id: z.string(),
  /** The card's id as sign-in names it (FASC-N hex, or card UUID hex). */
  cardId: z.string().optional(),
  /** The PIV Authentication certificate's serial number (hex). */
  serial: z.string().optional(),
  /** Why, in the installer's words ("lost on 3 May"). */
  note: z.string().optional(),
  revokedAt: z.number(),
});
export type RevokedCard = z.infer<typeof RevokedCard>;

export const SignInTrust = z.object({
  anchors: z.array(TrustAnchor),
  revoked: z.array(RevokedCard),
  /** The desk shows the demo site: the demo card issuer's CA is trusted too. */
  demo: z.boolean(),
});
export type SignInTrust = z.infer<typeof SignInTrust>;

const hex = (what: string) => z.string().trim().regex(/^[0-9A-Fa-f:\s-]{2,128}$/, `${what} is written in hexadecimal digits (0–9 and A–F), as the card's details show it`);

export const signInTrustCalls = {
  'signInTrust.get': { params: none, result: SignInTrust },
  /** A CA certificate file as the installer chose it: PEM (one or more certificates) or DER, base64. */
  'signInTrust.addAnchor': {
    params: z.object({ fileName: z.string().max(260), fileBase64: z.string().min(1).max(256 * 1024, 'A certificate file larger than 192 KiB is not a CA certificate') }).strict(),
    result: SignInTrust,
  },
  'signInTrust.removeAnchor': { params: z.object({ id: z.string().min(1) }).strict(), result: SignInTrust },
  /** Revokes a card at this desk by its card id, its certificate serial, or both. */
  'signInTrust.revoke': {
    params: z
      .object({ cardId: hex('The card id').optional(), serial: hex('The certificate serial').optional(), note: z.string().trim().max(200).optional() })
      .strict()
      .refine((r) => r.cardId !== undefined || r.serial !== undefined, 'Give the card id or the certificate serial of the card to revoke'),
    result: SignInTrust,
  },
  'signInTrust.unrevoke': { params: z.object({ id: z.string().min(1) }).strict(), result: SignInTrust },
} as const;
