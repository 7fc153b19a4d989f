import type { PivCardRead } from '../../../shared/piv/card-read';
import { describePivErrors, validatePivEnrolment, type PivDataPayload, type PivEnrolment, type PivFieldError } from '../../../shared/piv/card-create';
import { PivError } from '../../../shared/piv/card/errors';

/**
 * Turns a card read into the `number` and `pivData` of a PIV card create object, checked with the
 * same shared rules the enrolment screen uses. The caller adds the card `type` href (found at start-up)
 * and, if wanted, a `status`.
 *
 * PIV: number = the FASC-N's 32 digits. PIV-I: number = the CHUID GUID as a decimal integer, which the
 * server requires to differ from the FASC-N. The CHUID hash is always sent: servers up to 8.60 need it
 * and later ones accept it.
 */

export class EnrolmentRejected extends PivError {
  constructor(readonly errors: PivFieldError[]) {
    super('invalid-enrolment', `The card's data would be refused by the server: ${describePivErrors(errors)}`);
    this.name = 'EnrolmentRejected';
  }
}

export function buildEnrolment(read: PivCardRead, serverVersion: string): PivEnrolment {
  if (read.kind === 'piv-i' && /^0+$/.test(read.guid.decimal)) {
    throw new EnrolmentRejected([{ field: 'number', message: 'This PIV-I card has no GUID in its CHUID, so it has no card number' }]);
  }
  const pivData: PivDataPayload = {
    chuid: {
      hash: read.chuidHash,
      fascn: read.fascn.digits,
      ...(read.orgIdentifier ? { orgIdentifier: read.orgIdentifier } : {}),
      ...(read.duns ? { duns: read.duns } : {}),
    },
    contentSigningCert: read.contentSigningCert.base64,
    pivAuthenticationCert: read.pivAuthenticationCert.base64,
    ...(read.cardAuthenticationCert ? { cardAuthenticationCert: read.cardAuthenticationCert.base64 } : {}),
    ...(read.fingerprints ? { fingerprints: read.fingerprints } : {}),
  };
  const candidate = { number: read.kind === 'piv' ? read.fascn.digits : read.guid.decimal, pivData };
  const result = validatePivEnrolment(candidate, { serverVersion, kind: read.kind });
  if (!result.ok) throw new EnrolmentRejected(result.errors);
  return result.value;
}
