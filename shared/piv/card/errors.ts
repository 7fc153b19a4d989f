/**
 * Every way reading a card can fail, named for what the person at the desk can do about it.
 * Messages say what was wrong (which object, which offset, which status word) and never carry a PIN.
 */
export type PivErrorCode =
  | 'pcsc-unavailable' // the native PC/SC binding (@pokusew/pcsclite) could not be loaded
  | 'service-not-running' // pcscd / the Smart Card service is not there
  | 'no-reader' // no reader is connected
  | 'reader-not-found' // the named reader is not (or no longer) connected
  | 'no-card' // the reader holds no card
  | 'card-removed' // the card left the reader while it was being read
  | 'not-piv' // the card has no PIV application
  | 'malformed-data' // a card object is not valid BER-TLV, or lacks a mandatory element
  | 'truncated-response' // the card's answer ended before its declared length
  | 'card-error' // an unexpected status word or transport failure
  | 'pin-incorrect' // PIN verification failed; retries left in the message
  | 'pin-blocked' // the PIN is blocked
  | 'invalid-enrolment'; // the data read does not make a payload the server would accept

export class PivError extends Error {
  constructor(
    readonly code: PivErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PivError';
  }
}

export function isPivError(error: unknown, code?: PivErrorCode): error is PivError {
  return error instanceof PivError && (code === undefined || error.code === code);
}
