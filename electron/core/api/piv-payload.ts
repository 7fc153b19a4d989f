import { z } from 'zod';
import { DeskError } from '../../../shared/errors';
import { CARD_STATUS_VALUES, PivStatusType, describePivErrors, validatePivCardCreate, type PivCardCreate } from '../../../shared/piv';

export type { PivCardCreate };

/**
 * The server's pivData rejection rules (docs/server-interface.md §Errors), checked before a PIV
 * card is sent, with the same shared/piv rules the enrolment screen uses.
 */
export function checkPivCardCreate(card: unknown, serverVersion: string, what: string): PivCardCreate {
  const checked = validatePivCardCreate(card, { serverVersion });
  if (!checked.ok) throw new DeskError('bad-request', `${what}: ${describePivErrors(checked.errors)}`);
  return checked.value;
}

/** A `cards.update` element: only the card status and the PIV status may change after creation. */
export const PivCardUpdate = z.object({
  href: z.string().min(1),
  status: z
    .object({
      value: z.string().refine((v) => (CARD_STATUS_VALUES as readonly string[]).includes(v.toLowerCase()), {
        message: `must be one of ${CARD_STATUS_VALUES.map((v) => `'${v}'`).join(', ')} (any case)`,
      }),
    })
    .optional(),
  pivData: z.object({ pivStatus: z.object({ type: PivStatusType }) }).optional(),
});
export type PivCardUpdate = z.infer<typeof PivCardUpdate>;

export function checkPivCardUpdate(card: unknown, what: string): PivCardUpdate {
  const parsed = PivCardUpdate.safeParse(card);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new DeskError('bad-request', `${what}: ${where}${issue?.message ?? 'is not a valid PIV card update'}`);
}
