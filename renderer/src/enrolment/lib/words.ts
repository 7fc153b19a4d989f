import type { PivReadStep } from '../../../../shared/piv/card-read';
import { deskDate } from '../../../../shared/words/desk-time';

export const STEP_LABELS: Record<PivReadStep, string> = {
  select: 'PIV application',
  chuid: 'CHUID (FASC-N, GUID, expiry, signature)',
  pivAuthenticationCert: 'PIV Authentication certificate',
  cardAuthenticationCert: 'Card Authentication certificate',
  pin: 'PIN check',
  fingerprints: 'Fingerprints',
};

/** A certificate's validity today, in words the preview shows and flags. */
export function validity(notBefore: string, notAfter: string, now = new Date()): { state: 'valid' | 'expired' | 'not-yet-valid'; text: string } {
  const day = (iso: string) => (Number.isNaN(Date.parse(iso)) ? iso : deskDate(Date.parse(iso)));
  if (new Date(notAfter) < now) return { state: 'expired', text: `expired ${day(notAfter)}` };
  if (new Date(notBefore) > now) return { state: 'not-yet-valid', text: `not valid until ${day(notBefore)}` };
  return { state: 'valid', text: `valid ${day(notBefore)} to ${day(notAfter)}` };
}

/** A card status as the server gave it: "active", or "inactive: <why>". */
export function cardStatusText(status: { value: string; type?: string } | undefined): string {
  if (!status) return 'status not reported';
  if (status.type && status.type.toLowerCase() !== 'active') return `${status.type}: ${status.value}`;
  return status.value;
}

/** docs/server-interface.md §PIV card status rules, as the card management screen explains them. */
export const PIV_STATUS_RULES = [
  'A PIV status other than valid, valid (checked offline) or not checked yet makes the card inactive, whatever card status is asked for.',
  'Setting valid or valid (checked offline) makes the card active again, unless the card status is Disabled (manually), which keeps it disabled.',
  'The server\'s own validation may change the PIV status later, and with it the card status.',
];

/** The PIV statuses an operator may set, as the server names them. */
export { PIV_STATUS_TYPES as PIV_STATUS_CHOICES } from '../../../../shared/piv/card-create';
