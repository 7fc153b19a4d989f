import { PivError, type PivErrorCode } from '../../../shared/piv/card/errors';

/**
 * PC/SC failures arrive from @pokusew/pcsclite as Errors whose message ends in the SCARD code, e.g.
 * "SCardTransmit error: Card was removed.(0x80100069)". This maps the codes a desk can meet to
 * PivError codes with words for the operator.
 */

const BY_CODE: Record<number, [PivErrorCode, string]> = {
  0x80100069: ['card-removed', 'The card was removed from the reader'],
  0x8010000c: ['no-card', 'There is no card in the reader'],
  0x80100068: ['card-error', 'The card was reset by another application'],
  0x80100066: ['card-error', 'The card does not respond (is it inserted the right way round?)'],
  0x80100067: ['card-error', 'The card is not powered'],
  0x8010000b: ['card-error', 'Another application is using the card'],
  0x80100009: ['reader-not-found', 'The reader is not known to the smart-card service'],
  0x80100017: ['reader-not-found', 'The reader is no longer available'],
  0x8010002e: ['no-reader', 'No smart-card reader is connected'],
  0x8010001d: ['service-not-running', 'The smart-card service is not running'],
  0x8010001e: ['service-not-running', 'The smart-card service stopped'],
  0x80100016: ['card-error', 'The reader could not complete the exchange with the card'],
};

/** The SCARD code in a pcsclite error message, if any. */
export function scardCode(error: unknown): number | undefined {
  const match = /0x([0-9a-f]{8})/i.exec(error instanceof Error ? error.message : String(error));
  return match ? parseInt(match[1], 16) : undefined;
}

export function pivErrorFromPcsc(error: unknown, doing: string): PivError {
  if (error instanceof PivError) return error;
  const code = scardCode(error);
  const known = code === undefined ? undefined : BY_CODE[code];
  const detail = error instanceof Error ? error.message : String(error);
  if (known) return new PivError(known[0], `${known[1]} (${doing}: ${detail})`, { cause: error });
  return new PivError('card-error', `PC/SC failed while ${doing}: ${detail}`, { cause: error });
}
