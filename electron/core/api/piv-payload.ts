import { z } from 'zod';
import { DeskError } from '../../../shared/errors';
import { versionAtLeast } from './discovery';

/**
 * The server's pivData rejection rules (spec, Errors: "PIV payload rejection"), checked before a PIV
 * card is sent. A stand-in until shared/piv's `validatePivCardCreate` is on main: the integrator swaps
 * `checkPivCardCreate`'s body for it so the enrolment screen and the core share one rule set.
 */

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const base64 = (what: string) => z.string({ error: `${what} is required` }).regex(BASE64, `${what} is not Base64`).min(4, `${what} is empty`);

export const PIV_STATUS_TYPES = [
  'Normal', 'Offline', 'Revoked', 'Expired', 'CertInChainRevoked', 'CertInChainExpired', 'IssuerSigCertRevoked',
  'IssuerSigCertExpired', 'NotTrusted', 'PolicyError', 'OtherError', 'NotChecked',
] as const;
const PivStatus = z.object({ type: z.enum(PIV_STATUS_TYPES, { error: `pivStatus.type must be one of ${PIV_STATUS_TYPES.join(', ')}` }) });

const CardStatusValue = z.object({
  value: z.string().refine((v) => ['active', 'disabled (manually)'].includes(v.toLowerCase()), "must be 'active' or 'disabled (manually)'"),
});

export const PivCardCreate = z.object({
  number: z.string({ error: 'the card number is required' }).regex(/^[\d-]*\d[\d-]*$/, 'the card number must hold digits and hyphens only'),
  type: z.object({ href: z.string().min(1) }, { error: 'the PIV card type href is required' }),
  status: CardStatusValue.optional(),
  pivData: z.object(
    {
      chuid: z.object(
        {
          hash: base64('chuid.hash').optional(),
          fascn: z.string({ error: 'chuid.fascn is required' }).min(1, 'chuid.fascn is empty'),
          orgIdentifier: z.string().optional(),
          duns: z.string().optional(),
        },
        { error: 'pivData.chuid is required' },
      ),
      pivStatus: PivStatus.optional(),
      contentSigningCert: base64('contentSigningCert'),
      cardAuthenticationCert: base64('cardAuthenticationCert').optional(),
      pivAuthenticationCert: base64('pivAuthenticationCert'),
      fingerprints: base64('fingerprints').optional(),
    },
    { error: 'pivData is required' },
  ),
});
export type PivCardCreate = z.infer<typeof PivCardCreate>;

/** A `cards.update` element: only the card status and the PIV status may change after creation. */
export const PivCardUpdate = z.object({
  href: z.string().min(1),
  status: CardStatusValue.optional(),
  pivData: z.object({ pivStatus: PivStatus }).optional(),
});
export type PivCardUpdate = z.infer<typeof PivCardUpdate>;

function fail(what: string, error: z.ZodError): never {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new DeskError('bad-request', `${what}: ${where}${issue?.message ?? 'does not fit the spec'}`);
}

/** Checks a PIV card create object for this server version; throws a bad-request naming the field. */
export function checkPivCardCreate(card: unknown, serverVersion: number[], what: string): PivCardCreate {
  const parsed = PivCardCreate.safeParse(card);
  if (!parsed.success) fail(what, parsed.error);
  if (!versionAtLeast(serverVersion, '8.70') && parsed.data.pivData.chuid.hash === undefined) {
    throw new DeskError('bad-request', `${what}: pivData.chuid.hash is required by servers before 8.70`);
  }
  return parsed.data;
}

export function checkPivCardUpdate(card: unknown, what: string): PivCardUpdate {
  const parsed = PivCardUpdate.safeParse(card);
  if (!parsed.success) fail(what, parsed.error);
  return parsed.data;
}
