import type { PivReadStep } from '../../../../shared/piv/card-read';

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
  if (new Date(notAfter) < now) return { state: 'expired', text: `expired ${notAfter.slice(0, 10)}` };
  if (new Date(notBefore) > now) return { state: 'not-yet-valid', text: `not valid until ${notBefore.slice(0, 10)}` };
  return { state: 'valid', text: `valid ${notBefore.slice(0, 10)} to ${notAfter.slice(0, 10)}` };
}

/** A card status as the server gave it: "active", or "inactive: <why>". */
export function cardStatusText(status: { value: string; type?: string } | undefined): string {
  if (!status) return 'status not reported';
  if (status.type && status.type.toLowerCase() !== 'active') return `${status.type}: ${status.value}`;
  return status.value;
}

/** docs/server-interface.md §PIV card status rules, as the card management screen explains them. */
export const PIV_STATUS_RULES = [
  'A PIV status other than Normal, Offline or NotChecked makes the card inactive, whatever card status is asked for.',
  'Setting Normal or Offline makes the card active again, unless the card status is Disabled (manually), which keeps it disabled.',
  'The server\'s own validation may change the PIV status later, and with it the card status.',
];

/** The PIV statuses an operator may set, as the server names them. */
export { PIV_STATUS_TYPES as PIV_STATUS_CHOICES } from '../../../../shared/piv/card-create';
