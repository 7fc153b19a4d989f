import { z } from 'zod';
import { base64DecodedLength, base64Problem } from './base64';
import { cardKindOfFascn, fascnNumberProblem, sameCardNumber, withoutHyphens, type CardKind } from './fascn-number';
import { chuidHashRequired } from './chuid-hash-rule';

/**
 * The PIV card create payload of the access-control REST interface (a `cards` element of a cardholder
 * POST, or of `cards.add` in a PATCH) and every rule the server rejects it for, checked before sending.
 *
 * Two layers:
 * - the zod schemas below give the shape and the per-field rules (Base64, status words, FASC-N digits);
 * - `validatePivEnrolment` / `validatePivCardCreate` add the rules that need context: the server
 *   version (chuid.hash required up to 8.60) and whether the card is PIV or PIV-I (number vs FASC-N).
 * Every error names its field with a dotted path such as `pivData.chuid.hash`.
 */

export const PIV_STATUS_TYPES = [
  'Normal',
  'Offline',
  'Revoked',
  'Expired',
  'CertInChainRevoked',
  'CertInChainExpired',
  'IssuerSigCertRevoked',
  'IssuerSigCertExpired',
  'NotTrusted',
  'PolicyError',
  'OtherError',
  'NotChecked',
] as const;
export const PivStatusType = z.enum(PIV_STATUS_TYPES);
export type PivStatusType = z.infer<typeof PivStatusType>;

/** Bytes in a SHA-256 digest; its Base64 is 44 characters ending in one `=`. */
export const CHUID_HASH_BYTES = 32;

const base64Field = (what: string) =>
  z.string({ error: `${what} is required and must be a Base64 string` }).superRefine((value, ctx) => {
    const problem = base64Problem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `${what} is not Base64: it ${problem}` });
  });

const chuidHash = base64Field('The CHUID hash').superRefine((value, ctx) => {
  if (base64Problem(value) === null && base64DecodedLength(value) !== CHUID_HASH_BYTES) {
    ctx.addIssue({
      code: 'custom',
      message: `The CHUID hash must be a SHA-256 digest in Base64 (44 characters ending in one '='); this one has ${value.length} characters`,
    });
  }
});

export const ChuidPayload = z.object({
  hash: chuidHash.optional(),
  fascn: z.string({ error: 'The FASC-N is required' }).superRefine((value, ctx) => {
    const problem = fascnNumberProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `The FASC-N ${problem}` });
  }),
  orgIdentifier: z.string().optional(),
  duns: z.string().optional(),
});
export type ChuidPayload = z.infer<typeof ChuidPayload>;

export const PivDataPayload = z.object({
  chuid: ChuidPayload,
  pivStatus: z.object({ type: PivStatusType }).optional(),
  contentSigningCert: base64Field('The content-signing certificate'),
  cardAuthenticationCert: base64Field('The card authentication certificate').optional(),
  pivAuthenticationCert: base64Field('The PIV authentication certificate'),
  fingerprints: base64Field('The fingerprints').optional(),
});
export type PivDataPayload = z.infer<typeof PivDataPayload>;

const cardNumber = z.string({ error: 'The card number is required' }).superRefine((value, ctx) => {
  const digits = withoutHyphens(value);
  if (digits.length === 0) ctx.addIssue({ code: 'custom', message: 'The card number is empty' });
  else if (!/^\d+$/.test(digits)) ctx.addIssue({ code: 'custom', message: 'The card number must hold only digits and hyphens' });
});

/** What a card read contributes to an enrolment: the card number and its PIV data. */
export const PivEnrolment = z.object({ number: cardNumber, pivData: PivDataPayload });
export type PivEnrolment = z.infer<typeof PivEnrolment>;

export const CARD_STATUS_VALUES = ['active', 'disabled (manually)'] as const;

/** The whole card create object: the enrolment plus the PIV card type href and an optional status. */
export const PivCardCreate = PivEnrolment.extend({
  type: z.object({ href: z.string().min(1, 'The PIV card type href is empty') }, { error: 'The card type is required' }),
  status: z
    .object({
      value: z.string().refine((v) => (CARD_STATUS_VALUES as readonly string[]).includes(v.toLowerCase()), {
        message: `The card status must be one of ${CARD_STATUS_VALUES.map((v) => `'${v}'`).join(', ')} (any case)`,
      }),
    })
    .optional(),
});
export type PivCardCreate = z.infer<typeof PivCardCreate>;

export interface PivValidationContext {
  /** The server's version from `GET /api`, e.g. "8.60". */
  serverVersion: string;
  /** PIV or PIV-I; when absent it follows the FASC-N (agency code 9999 means PIV-I). */
  kind?: CardKind;
}

export interface PivFieldError {
  /** Dotted path of the offending field, e.g. `pivData.chuid.hash`; empty for the payload itself. */
  field: string;
  message: string;
}

export type PivValidation<T> = { ok: true; value: T } | { ok: false; errors: PivFieldError[] };

/** Checks a card number + pivData pair against every rule of docs/server-interface.md §PIV cards for this server version. */
export function validatePivEnrolment(payload: unknown, context: PivValidationContext): PivValidation<PivEnrolment> {
  return validateWith(PivEnrolment, payload, context);
}

/** Checks a full PIV card create object (number, status, type, pivData) for this server version. */
export function validatePivCardCreate(payload: unknown, context: PivValidationContext): PivValidation<PivCardCreate> {
  return validateWith(PivCardCreate, payload, context);
}

/** Human-readable one-liner of validation errors, for logs and error dialogs. */
export function describePivErrors(errors: readonly PivFieldError[]): string {
  return errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join('; ');
}

function validateWith<T extends PivEnrolment>(
  schema: z.ZodType<T>,
  payload: unknown,
  context: PivValidationContext,
): PivValidation<T> {
  const parsed = schema.safeParse(payload);
  const errors: PivFieldError[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));
  const value = parsed.success ? parsed.data : undefined;
  errors.push(...contextRules(value ?? payload, context, errors));
  if (errors.length > 0 || !value) return { ok: false, errors };
  return { ok: true, value };
}

/** Rules that depend on the server version or on PIV vs PIV-I; run on whatever parts are well formed. */
function contextRules(payload: unknown, context: PivValidationContext, shapeErrors: PivFieldError[]): PivFieldError[] {
  const errors: PivFieldError[] = [];
  const alreadyFailed = (field: string) => shapeErrors.some((e) => e.field === field);
  const candidate = payload as { number?: unknown; pivData?: { chuid?: { hash?: unknown; fascn?: unknown } } } | null;
  const chuid = typeof candidate === 'object' && candidate !== null ? candidate.pivData?.chuid : undefined;

  let hashRequired: boolean;
  try {
    hashRequired = chuidHashRequired(context.serverVersion);
  } catch (error) {
    return [{ field: '', message: (error as Error).message }];
  }
  if (hashRequired && chuid && typeof chuid === 'object' && chuid.hash === undefined) {
    errors.push({
      field: 'pivData.chuid.hash',
      message: `The CHUID hash is required by server version ${context.serverVersion} (optional only from 8.70)`,
    });
  }

  const number = candidate?.number;
  const fascn = chuid?.fascn;
  if (typeof number !== 'string' || typeof fascn !== 'string') return errors;
  if (alreadyFailed('number') || alreadyFailed('pivData.chuid.fascn')) return errors;
  const kind = context.kind ?? cardKindOfFascn(fascn);
  if (kind === 'piv' && !sameCardNumber(number, fascn)) {
    errors.push({ field: 'number', message: 'On a PIV card the card number must equal the FASC-N (hyphens ignored)' });
  }
  if (kind === 'piv-i' && sameCardNumber(number, fascn)) {
    errors.push({
      field: 'number',
      message: 'On a PIV-I card the card number is the CHUID GUID as a decimal and must differ from the FASC-N',
    });
  }
  return errors;
}
