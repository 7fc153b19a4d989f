import type { PivStatusType } from './piv-data';

export type RequestedStatus = 'active' | 'disabled (manually)';

export interface CardStatus {
  value: string;
  type: 'active' | 'inactive';
}

/** PIV statuses under which the card may operate (the validity rule). */
const OPERATING = new Set<PivStatusType>(['NotChecked', 'Normal', 'Offline']);

const REASONS: Partial<Record<PivStatusType, string>> = {
  Revoked: 'Revoked (PIV certificate)',
  CertInChainRevoked: 'Revoked (PIV certificate chain)',
  IssuerSigCertRevoked: 'Revoked (PIV issuer certificate)',
  Expired: 'Time Invalid (PIV certificate)',
  CertInChainExpired: 'Time Invalid (PIV certificate chain)',
  IssuerSigCertExpired: 'Time Invalid (PIV issuer certificate)',
  NotTrusted: 'Not Trusted',
  PolicyError: 'Policy Error (PIV certificate)',
  OtherError: 'Validation Error (PIV certificate)',
};

export function readRequestedStatus(raw: unknown): RequestedStatus | undefined | { refusal: string } {
  if (raw === undefined) return undefined;
  const value = (raw as { value?: unknown } | null)?.value;
  const lower = typeof value === 'string' ? value.toLowerCase() : undefined;
  if (lower === 'active' || lower === 'disabled (manually)') return lower;
  return { refusal: "status.value must be 'active' or 'disabled (manually)'" };
}

/**
 * The PIV card status rules table. A PIV status outside NotChecked/Normal/Offline makes the card
 * inactive whatever was asked; otherwise a manual disable sticks, and on update an omitted status
 * (with no or an operating PIV status) activates the card.
 */
export function cardStatusAfter(
  event: 'create' | 'update',
  requested: RequestedStatus | undefined,
  pivStatus: PivStatusType,
): CardStatus {
  if (!OPERATING.has(pivStatus)) return { value: REASONS[pivStatus] ?? 'Inactive (PIV status)', type: 'inactive' };
  if (requested === 'disabled (manually)') return { value: 'Disabled (manually)', type: 'inactive' };
  // Create: enabled unless disabled; update without a status: active again (the table's first update row).
  void event;
  return { value: 'Active', type: 'active' };
}
