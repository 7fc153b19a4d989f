import { z } from 'zod';
import { CertificateSummary, Sha256Fingerprint } from '../../../../shared/settings/certificate-summary';
import { describeCertificate } from '../certificates/describe-certificate';

/**
 * The server certificate an operator confirmed, as kept in settings (it is public: no secret here).
 * The PEM is kept as well as the fingerprint because the TLS stack needs the certificate itself as
 * the one trust anchor of a pinned connection.
 */
export const ServerCertificatePin = z.object({
  sha256Fingerprint: Sha256Fingerprint,
  certificatePem: z.string().startsWith('-----BEGIN CERTIFICATE-----'),
  summary: CertificateSummary,
  /** When the operator confirmed it (ISO 8601). */
  confirmedAt: z.iso.datetime(),
});
export type ServerCertificatePin = z.infer<typeof ServerCertificatePin>;

/** What a probe found: everything the operator needs to decide whether to trust it. */
export interface ServerCertificateProbe {
  origin: string;
  certificatePem: string;
  summary: CertificateSummary;
  /** Whether the machine's own CA store would have trusted it (informational: the pin decides). */
  trustedBySystem: boolean;
}

/** Turn a probe the operator confirmed into the pin to save with writeDeskSetting('serverCertificatePin', …). */
export function pinFromProbe(probe: ServerCertificateProbe, confirmedAt: Date = new Date()): ServerCertificatePin {
  return {
    sha256Fingerprint: probe.summary.sha256Fingerprint,
    certificatePem: probe.certificatePem,
    summary: probe.summary,
    confirmedAt: confirmedAt.toISOString(),
  };
}

/**
 * A pin for a certificate known without asking the operator: the embedded demo site, whose certificate
 * Gatehouse made itself, pins automatically this way.
 */
export function pinForCertificate(certificatePem: string, confirmedAt: Date = new Date()): ServerCertificatePin {
  const summary = describeCertificate(certificatePem, confirmedAt, 'The server certificate');
  return { sha256Fingerprint: summary.sha256Fingerprint, certificatePem, summary, confirmedAt: confirmedAt.toISOString() };
}
