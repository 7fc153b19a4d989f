import { z } from 'zod';

/**
 * What reading a PIV or PIV-I card yields, as plain data that can cross the desk contract: the CHUID's
 * identifiers, the certificates with what an operator checks (subject, issuer, validity), and whether
 * fingerprints were read. Produced by electron/core/piv; shown by the enrolment screen; turned into
 * the server payload by `buildEnrolment`.
 */

export const CertificateSummary = z.object({
  /** DER as Base64: what the server receives. */
  base64: z.string(),
  subject: z.string(),
  issuer: z.string(),
  serialNumber: z.string(),
  /** ISO date-times. */
  notBefore: z.string(),
  notAfter: z.string(),
  /** Whether the card stored it gzip-compressed (CertInfo flag). */
  compressedOnCard: z.boolean(),
});
export type CertificateSummary = z.infer<typeof CertificateSummary>;

export const FascnFields = z.object({
  /** The 32 digits in card order, and the 4-4-6-18 form servers show. */
  digits: z.string(),
  formatted: z.string(),
  agencyCode: z.string(),
  systemCode: z.string(),
  credentialNumber: z.string(),
  credentialSeries: z.string(),
  individualCredentialIssue: z.string(),
  personIdentifier: z.string(),
  organizationalCategory: z.string(),
  organizationalIdentifier: z.string(),
  personOrganizationAssociation: z.string(),
});
export type FascnFields = z.infer<typeof FascnFields>;

export const PivCardRead = z.object({
  /** PIV-I when the FASC-N agency code is 9999. */
  kind: z.enum(['piv', 'piv-i']),
  reader: z.string().optional(),
  /** Answer to reset, hex. */
  atr: z.string().optional(),
  fascn: FascnFields,
  guid: z.object({ hex: z.string(), decimal: z.string() }),
  /** CHUID expiration date, YYYY-MM-DD. */
  expirationDate: z.string(),
  orgIdentifier: z.string().optional(),
  duns: z.string().optional(),
  /** Base64 SHA-256 of the CHUID object (44 characters). */
  chuidHash: z.string(),
  /** Whether the CHUID's issuer signature verifies with its content-signing certificate. */
  chuidSignatureValid: z.boolean(),
  /**
   * Where the PIV Authentication certificate names another card than the CHUID (a FASC-N or card UUID
   * that differs), what differs: the CHUID was copied from another card. Absent when they agree.
   */
  identityMismatch: z.string().optional(),
  contentSigningCert: CertificateSummary,
  pivAuthenticationCert: CertificateSummary,
  cardAuthenticationCert: CertificateSummary.optional(),
  /** Base64 of the fingerprint CBEFF structure without its error detection code. */
  fingerprints: z.string().optional(),
  fingerprintsRead: z.boolean(),
});
export type PivCardRead = z.infer<typeof PivCardRead>;

/** The steps of a card read, reported one by one so the screen can show progress. */
export const PivReadStep = z.enum(['select', 'chuid', 'pivAuthenticationCert', 'cardAuthenticationCert', 'pin', 'fingerprints']);
export type PivReadStep = z.infer<typeof PivReadStep>;

export const PivReadProgress = z.object({
  step: PivReadStep,
  /** `absent`: the card does not hold this optional object. */
  state: z.enum(['started', 'done', 'absent']),
  /** Size of the object read, when done. */
  bytes: z.number().optional(),
});
export type PivReadProgress = z.infer<typeof PivReadProgress>;
