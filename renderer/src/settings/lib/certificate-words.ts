import { isoWords } from '../../../../shared/words/desk-time';
import { validityAt, type CertificateSummary, type CertificateValidity } from '../../../../shared/settings/certificate-summary';

export interface ValidityWords {
  validity: CertificateValidity;
  /** Plain words, e.g. "EXPIRED on 3 Feb 2026, 10:00". */
  text: string;
}

function when(iso: string): string {
  return isoWords(iso);
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

/**
 * A fingerprint as servers, openssl and browsers print it (AA:BB:…), cut after half its bytes so each
 * half fits a line and can be compared piece by piece. Joined, the halves are the fingerprint again.
 */
export function fingerprintHalves(value: string): [string, string] {
  const bytes = value.replace(/[\s:]/g, '').toUpperCase().match(/.{1,2}/g) ?? [];
  const half = Math.ceil(bytes.length / 2);
  const first = bytes.slice(0, half).join(':');
  const second = bytes.slice(half).join(':');
  return second ? [`${first}:`, second] : [first, ''];
}
