import type { AlarmFeed, AlarmState } from '../contract/alarms';
import type { AuditOutcome } from '../contract/audit';
import type { OutboxItem } from '../contract/enrolment';
import type { ActiveOverride, LockReason, OperatorRole, SignInRefusal } from '../contract/operators';
import type { ConnectionPhase, ItemKind } from '../domain';
import type { ErrorCode } from '../errors';
import type { PivStatusType } from '../piv/card-create';

/**
 * Words for every enum the guard is shown, in one place: a value from the contract is never put on
 * screen as it is ("NotChecked", "unacknowledged", "cardRemoved"). Each table is typed by its enum, so a
 * value added to the contract without words does not compile; a unit test walks them all.
 */

/** What each failure the contract can return means to the guard, for a message that came without words. */
export const ERROR_CODE_WORDS: Record<ErrorCode, string> = {
  unauthorised: 'The server refused this desk’s credentials: check the API key and client certificate in Settings',
  licence: 'The server’s licence does not include this',
  forbidden: 'The server does not allow this desk’s operator to do this',
  'not-found': 'The server no longer has this item',
  'bad-request': 'The server did not accept this as asked',
  'server-error': 'The server failed while answering: try again in a moment',
  timeout: 'The server did not answer in time',
  network: 'The server cannot be reached from this desk',
  certificate: 'The server’s certificate is not the one this desk trusts: check it in Settings',
  'invalid-response': 'The server answered with something the desk could not read',
  'invalid-call': 'The desk could not take this request',
  offline: 'The desk is not connected to the server: nothing was sent, and nothing is kept to send later',
  keychain: 'This computer’s keychain could not be used: Settings → “Where secrets are kept” offers the key file instead',
  credentials: 'A certificate, key or stored secret could not be used',
  uncertain: 'The server’s answer could not be read: it may or may not have done it — check the item',
  card: 'The card or its reader could not be used',
  'signed-out': 'Sign in to do this',
};

export const ALARM_STATE_WORDS: Record<AlarmState, string> = {
  unacknowledged: 'not acknowledged',
  acknowledged: 'acknowledged',
  processed: 'processed',
};

export const ALARM_FEED_WORDS: Record<AlarmFeed['source'], string> = {
  server: 'the server’s alarms',
  unlicensed: 'the board’s own alarms (the server does not share its alarms with this desk)',
  none: 'no site open',
};

export const LOCK_REASON_WORDS: Record<LockReason, string> = {
  started: 'Nobody is signed in',
  signedOut: 'Signed out',
  idle: 'Locked after no one touched the desk for a while',
  cardRemoved: 'Locked: the card was taken out of the reader',
  shiftEnded: 'The shift ended: the next operator signs in',
};

export const OPERATOR_ROLE_WORDS: Record<OperatorRole, string> = { operator: 'operator', supervisor: 'supervisor' };

/** Why a sign-in was refused, as the audit log says it beside the words the guard saw. */
export const SIGN_IN_REFUSAL_WORDS: Record<SignInRefusal, string> = {
  'no-card': 'no card could be read',
  'not-piv': 'not a readable PIV card',
  'no-card-id': 'certificate names no card',
  'untrusted-issuer': 'issuer not trusted',
  expired: 'certificate expired or not yet valid',
  revoked: 'revoked at this desk',
  'chuid-signature': 'card’s identity record not signed by a trusted issuer',
  'chuid-mismatch': 'card’s identity record names another card (copied)',
  'wrong-pin': 'wrong card PIN',
  'pin-blocked': 'card PIN blocked',
  'pin-guard': 'PIN held back by the desk',
  'challenge-failed': 'card did not prove its key',
  'not-on-roster': 'card not on the roster',
  'wrong-desk-pin': 'wrong desk PIN',
  'desk-pin-locked': 'desk PIN locked',
};

export const OVERRIDE_STATE_WORDS: Record<ActiveOverride['state'], string> = {
  running: 'Running',
  unknown: 'Not confirmed',
  ended: 'Ended',
  cancelled: 'Cancelled',
};

export const OUTBOX_STATE_WORDS: Record<OutboxItem['state'], string> = {
  pending: 'waiting to be sent',
  sending: 'being sent',
  uncertain: 'sent, but the server’s answer was lost: check the cardholder on the server',
  sent: 'sent',
  refused: 'refused by the server',
  discarded: 'discarded',
};

export const AUDIT_OUTCOME_WORDS: Record<AuditOutcome, string> = {
  done: 'done',
  refused: 'refused',
  failed: 'failed',
  uncertain: 'may not have reached the server',
};

export const CONNECTION_PHASE_WORDS: Record<ConnectionPhase, string> = {
  connecting: 'Connecting',
  connected: 'Connected',
  reconnecting: 'Reconnecting',
  offline: 'Offline',
};

export const ITEM_KIND_WORDS: Record<ItemKind, string> = {
  door: 'door',
  accessZone: 'access zone',
  alarmZone: 'alarm zone',
  fenceZone: 'fence zone',
  input: 'input',
  interlockGroup: 'interlock group',
  macro: 'macro',
  output: 'output',
};

/** The server's PIV status of a card (its own validation of the card's certificates), said for a guard. */
export const PIV_STATUS_WORDS: Record<PivStatusType, string> = {
  Normal: 'valid',
  Offline: 'valid (checked offline)',
  Revoked: 'revoked',
  Expired: 'expired',
  CertInChainRevoked: 'revoked: a certificate above it was revoked',
  CertInChainExpired: 'expired: a certificate above it expired',
  IssuerSigCertRevoked: 'revoked: its issuer’s signing certificate was revoked',
  IssuerSigCertExpired: 'expired: its issuer’s signing certificate expired',
  NotTrusted: 'not trusted by the server',
  PolicyError: 'refused by the server’s card policy',
  OtherError: 'could not be checked (an error)',
  NotChecked: 'not checked yet',
};

/** A PIV status as the server gave it, in words; a status the server adds later is shown as it came. */
export function pivStatusWords(status: string | undefined): string {
  if (!status) return 'not reported';
  return (PIV_STATUS_WORDS as Record<string, string>)[status] ?? status;
}
