import { z } from 'zod';

/**
 * What an operator is shown about a certificate (client or server). Nothing here is secret, so it may
 * cross the contract to the renderer. Kept free of Node imports so it can move to shared/.
 */
export const CertificateValidity = z.enum(['valid', 'expired', 'not-yet-valid']);
export type CertificateValidity = z.infer<typeof CertificateValidity>;

/** 40 uppercase hex digits, no separators: the form the server's REST client item pins. */
export const Sha1Thumbprint = z.string().regex(/^[0-9A-F]{40}$/, 'SHA-1 thumbprint: 40 uppercase hex digits');
/** 32 uppercase hex bytes joined by colons: the form Node reports as `fingerprint256`. */
export const Sha256Fingerprint = z
  .string()
  .regex(/^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/, 'SHA-256 fingerprint: 32 uppercase hex bytes separated by colons');

export const CertificateSummary = z.object({
  subject: z.string(),
  issuer: z.string(),
  serialNumber: z.string(),
  notBefore: z.iso.datetime(),
  notAfter: z.iso.datetime(),
  /** Judged at the time the summary was made; re-derive from the dates when shown later. */
  validity: CertificateValidity,
  sha1Thumbprint: Sha1Thumbprint,
  sha256Fingerprint: Sha256Fingerprint,
});
export type CertificateSummary = z.infer<typeof CertificateSummary>;

export function validityAt(notBefore: Date, notAfter: Date, now: Date): CertificateValidity {
  if (now.getTime() < notBefore.getTime()) return 'not-yet-valid';
  if (now.getTime() > notAfter.getTime()) return 'expired';
  return 'valid';
}
