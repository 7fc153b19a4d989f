import { validityAt, type CertificateSummary, type CertificateValidity } from '../../../../shared/settings/certificate-summary';

export interface ValidityWords {
  validity: CertificateValidity;
  /** Plain words, e.g. "EXPIRED on 3 Feb 2026, 10:00". */
  text: string;
}

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * Judged now, from the dates, rather than trusting the summary's own `validity`: a certificate shown
 * on a screen left open can expire while it is shown, and a stored one ages between visits.
 */
export function validityWords(summary: Pick<CertificateSummary, 'notBefore' | 'notAfter'>, now: Date): ValidityWords {
  const validity = validityAt(new Date(summary.notBefore), new Date(summary.notAfter), now);
  switch (validity) {
    case 'expired':
      return { validity, text: `EXPIRED on ${when(summary.notAfter)}` };
    case 'not-yet-valid':
      return { validity, text: `NOT YET VALID: valid from ${when(summary.notBefore)}` };
    case 'valid':
      return { validity, text: `Valid from ${when(summary.notBefore)} until ${when(summary.notAfter)}` };
  }
}

/** Hex fingerprints in groups of four characters, so an operator can compare them aloud, piece by piece. */
export function groupedHex(value: string): string {
  const hex = value.replace(/:/g, '');
  return hex.match(/.{1,4}/g)?.join(' ') ?? '';
}
