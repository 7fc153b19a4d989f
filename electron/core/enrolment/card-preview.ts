import type { CardPreview } from '../../../shared/contract/enrolment';
import type { PivEnrolment } from '../../../shared/piv/card-create';
import type { CertificateSummary, PivCardRead } from '../../../shared/piv/card-read';
import { isPivError } from '../../../shared/piv/card/errors';
import { buildEnrolment, EnrolmentRejected } from '../piv/enrolment';

/** The server version the rules are checked against before the desk has reached the server (the strictest). */
const UNKNOWN_VERSION = '8.60';

export interface CheckedRead {
  preview: CardPreview;
  /** The payload to send, when the card breaks no rule. */
  enrolment?: PivEnrolment;
}

/**
 * What the screen shows of a card read, and the payload it makes. Server rules (shared/piv) are
 * problems and block sending; an expired or not yet valid certificate or CHUID is a warning, and
 * the card is then sent with PIV status Expired, which the server makes an inactive card.
 */
export function checkRead(read: PivCardRead, serverVersion: string | undefined, now = new Date()): CheckedRead {
  const warnings = validityWarnings(read, now);
  let enrolment: PivEnrolment | undefined;
  let problems: CardPreview['problems'] = [];
  try {
    enrolment = buildEnrolment(read, serverVersion ?? UNKNOWN_VERSION);
    if (warnings.some((w) => w.expired)) enrolment = { ...enrolment, pivData: { ...enrolment.pivData, pivStatus: { type: 'Expired' } } };
  } catch (error) {
    if (error instanceof EnrolmentRejected) problems = error.errors;
    else if (isPivError(error)) problems = [{ field: '', message: error.message }];
    else throw error;
  }
  // The card number enrolled is the CHUID's: a CHUID that is not the certificate's own, or whose
  // signature fails, would enrol someone else's card number. Such a card is not sent.
  const identity = identityProblems(read);
  if (identity.length > 0) {
    problems = [...problems, ...identity];
    enrolment = undefined;
  }
  const { fingerprints: _kept, chuidHash: _hash, atr: _atr, ...shown } = read;
  return {
    preview: {
      ...shown,
      cardNumber: read.kind === 'piv' ? read.fascn.formatted : read.guid.decimal,
      problems,
      warnings: warnings.map((w) => w.text),
    },
    ...(enrolment ? { enrolment } : {}),
  };
}

function identityProblems(read: PivCardRead): CardPreview['problems'] {
  const out: CardPreview['problems'] = [];
  if (read.identityMismatch) out.push({ field: 'pivData.chuid', message: read.identityMismatch });
  if (!read.chuidSignatureValid) out.push({ field: 'pivData.chuid', message: 'The CHUID signature does not verify: the CHUID was altered, so its card number cannot be trusted' });
  return out;
}

function validityWarnings(read: PivCardRead, now: Date): { text: string; expired: boolean }[] {
  const out: { text: string; expired: boolean }[] = [];
  const certificates: [string, CertificateSummary | undefined][] = [
    ['PIV Authentication certificate', read.pivAuthenticationCert],
    ['Card Authentication certificate', read.cardAuthenticationCert],
    ['content-signing certificate', read.contentSigningCert],
  ];
  for (const [name, cert] of certificates) {
    if (!cert) continue;
    if (new Date(cert.notAfter) < now) out.push({ text: `The ${name} expired on ${cert.notAfter.slice(0, 10)}`, expired: true });
    else if (new Date(cert.notBefore) > now) out.push({ text: `The ${name} is not valid until ${cert.notBefore.slice(0, 10)}`, expired: false });
  }
  if (new Date(`${read.expirationDate}T23:59:59Z`) < now) out.push({ text: `The card expired on ${read.expirationDate} (CHUID)`, expired: true });
  return out;
}
