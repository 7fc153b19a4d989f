/**
 * Reading PIV and PIV-I cards for enrolment.
 *
 * - reader-service: PC/SC readers (list, insert/remove events, read a card) → PivReaderService
 * - read-card: the whole read over any CardChannel → PivCardRead (shared/piv/card-read), with progress
 * - enrolment: PivCardRead + server version → `number` and `pivData`, checked by shared/piv rules
 * - piv-application (SELECT / GET DATA / VERIFY), card-channel (61xx chaining), apdu, tlv: the card
 * - chuid, fascn, chuid-signature, certificates, fingerprints: parsing the card's objects
 * - pcsc-binding, pcsc-errors: loading @pokusew/pcsclite safely and naming its failures
 * Every failure is a PivError with a code (errors.ts).
 */
export { PivError, isPivError, type PivErrorCode } from '../../../shared/piv/card/errors';
export { PivReaderService, type PivCardReader, type ReaderEvent, type ReaderInfo, type ReaderServiceOptions } from './reader-service';
export { readPivCard, type ReadPivCardOptions } from './read-card';
export { buildEnrolment, EnrolmentRejected } from './enrolment';
export type { CardChannel } from '../../../shared/piv/card/card-objects';
export { defaultPcscdSocket, loadPcsc } from './pcsc-binding';
