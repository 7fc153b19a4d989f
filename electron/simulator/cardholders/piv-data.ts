import type { ServerVersion } from '../version';

export const PIV_STATUS_TYPES = [
  'Normal', 'Offline', 'Revoked', 'Expired', 'CertInChainRevoked', 'CertInChainExpired',
  'IssuerSigCertRevoked', 'IssuerSigCertExpired', 'NotTrusted', 'PolicyError', 'OtherError', 'NotChecked',
] as const;
export type PivStatusType = (typeof PIV_STATUS_TYPES)[number];

export interface PivData {
  chuid: { hash?: string; fascn: string; orgIdentifier?: string; duns?: string };
  pivStatus: { type: PivStatusType };
  lastCheckTime: string;
  contentSigningCert: string;
  cardAuthenticationCert?: string;
  pivAuthenticationCert: string;
  fingerprints?: string;
}

/** A rejected PIV payload: the reason names the field. */
export class PivRejection extends Error {}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function isBase64(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && BASE64.test(value);
}

/** Hyphens are ignored in card numbers and FASC-Ns on input. */
export function digitsOf(value: string): string {
  return value.replace(/-/g, '');
}

/** Federal PIV-I FASC-Ns begin with fourteen nines (agency, system and credential codes). */
export function isPivI(fascn: string): boolean {
  return digitsOf(fascn).startsWith('9'.repeat(14));
}

/**
 * Checks a create-time pivData (PIV payload rejection rules): certificates Base64, CHUID hash
 * required up to 8.60, FASC-N equal to the card number on PIV and different on PIV-I.
 */
export function readPivData(raw: unknown, number: string, version: ServerVersion, now: Date): PivData {
  if (typeof raw !== 'object' || raw === null) throw new PivRejection('pivData is required and must be an object');
  const p = raw as Record<string, unknown>;
  if (!isBase64(p.contentSigningCert)) throw new PivRejection('pivData.contentSigningCert is missing or not Base64');
  if (!isBase64(p.pivAuthenticationCert)) throw new PivRejection('pivData.pivAuthenticationCert is missing or not Base64');
  if (p.cardAuthenticationCert !== undefined && !isBase64(p.cardAuthenticationCert)) {
    throw new PivRejection('pivData.cardAuthenticationCert is not Base64');
  }
  if (p.fingerprints !== undefined && !isBase64(p.fingerprints)) throw new PivRejection('pivData.fingerprints is not Base64');
  const chuid = p.chuid;
  if (typeof chuid !== 'object' || chuid === null) throw new PivRejection('pivData.chuid is required');
  const c = chuid as Record<string, unknown>;
  if (c.hash === undefined) {
    if (version.before('8.70')) throw new PivRejection('pivData.chuid.hash is required before version 8.70');
  } else if (!isBase64(c.hash)) throw new PivRejection('pivData.chuid.hash is not Base64');
  if (typeof c.fascn !== 'string' || digitsOf(c.fascn) === '') throw new PivRejection('pivData.chuid.fascn is required');
  for (const key of ['orgIdentifier', 'duns'] as const) {
    if (c[key] !== undefined && typeof c[key] !== 'string') throw new PivRejection(`pivData.chuid.${key} must be a string`);
  }
  const sameAsNumber = digitsOf(c.fascn) === digitsOf(number);
  if (isPivI(c.fascn) && sameAsNumber) {
    throw new PivRejection('On a PIV-I card the number (the CHUID GUID as a decimal) must differ from the FASC-N');
  }
  if (!isPivI(c.fascn) && !sameAsNumber) throw new PivRejection('On a PIV card the number must equal the FASC-N');
  const pivStatus = readPivStatus(p.pivStatus) ?? 'NotChecked';
  return {
    chuid: {
      fascn: c.fascn,
      ...(c.hash !== undefined ? { hash: c.hash as string } : {}),
      ...(c.orgIdentifier !== undefined ? { orgIdentifier: c.orgIdentifier as string } : {}),
      ...(c.duns !== undefined ? { duns: c.duns as string } : {}),
    },
    pivStatus: { type: pivStatus },
    lastCheckTime: now.toISOString(),
    contentSigningCert: p.contentSigningCert,
    pivAuthenticationCert: p.pivAuthenticationCert,
    ...(p.cardAuthenticationCert !== undefined ? { cardAuthenticationCert: p.cardAuthenticationCert as string } : {}),
    ...(p.fingerprints !== undefined ? { fingerprints: p.fingerprints as string } : {}),
  };
}

export function readPivStatus(raw: unknown): PivStatusType | undefined {
  if (raw === undefined) return undefined;
  const type = (raw as { type?: unknown } | null)?.type;
  if (typeof type !== 'string' || !(PIV_STATUS_TYPES as readonly string[]).includes(type)) {
    throw new PivRejection(`pivStatus.type must be one of ${PIV_STATUS_TYPES.join(', ')}`);
  }
  return type as PivStatusType;
}

/**
 * FASC-N digits in responses carry hyphens as the server writes them: 4-4-6-18 (agency, system,
 * credential, then the rest), e.g. 4700-0256-001337-111234567890199991.
 */
export function formatFascn(number: string): string {
  const d = digitsOf(number);
  if (!/^\d{32}$/.test(d)) return d;
  return `${d.slice(0, 4)}-${d.slice(4, 8)}-${d.slice(8, 14)}-${d.slice(14)}`;
}

/** Issue level from the FASC-N's individual credential issue digit (1 when it cannot be read). */
export function issueLevelOf(fascn: string): number {
  const d = digitsOf(fascn);
  return /^\d{32}$/.test(d) ? Number(d[15]) : 1;
}
