import { describe, expect, it } from 'vitest';
import { AlarmState, AlarmFeed } from '../../../shared/contract/alarms';
import { AuditOutcome } from '../../../shared/contract/audit';
import { OutboxItem } from '../../../shared/contract/enrolment';
import { ActiveOverride, LockReason, OperatorRole, SignInRefusal } from '../../../shared/contract/operators';
import { ConnectionPhase, ItemKind } from '../../../shared/domain';
import { ErrorCode } from '../../../shared/errors';
import { PIV_STATUS_TYPES } from '../../../shared/piv/card-create';
import { commandWords } from '../../../shared/commands';
import { refusedParamsWords } from '../../../electron/core/dispatch';
import {
  ALARM_FEED_WORDS,
  ALARM_STATE_WORDS,
  AUDIT_OUTCOME_WORDS,
  CONNECTION_PHASE_WORDS,
  ERROR_CODE_WORDS,
  ITEM_KIND_WORDS,
  LOCK_REASON_WORDS,
  OPERATOR_ROLE_WORDS,
  OUTBOX_STATE_WORDS,
  OVERRIDE_STATE_WORDS,
  PIV_STATUS_WORDS,
  SIGN_IN_REFUSAL_WORDS,
} from '../../../shared/words/enum-words';
import { clockTime, deskDate, deskDateTime, isoWords, waitedFor } from '../../../shared/words/desk-time';
import { errorWords, plainWords } from '../../../shared/words/plain-words';

/** Words a guard reads: not a code (camelCase, snake_case, SHOUTING), and not empty. */
function expectWords(value: string, words: string | undefined) {
  expect([value, words]).toEqual([value, expect.stringMatching(/\S/)]);
  expect([value, words]).not.toEqual([value, expect.stringMatching(/\b[a-z]+[A-Z]\w*\b|\w_\w|\b[A-Z]{4,}\b/)]);
}

describe('every enum the guard is shown has words', () => {
  const tables: Array<[string, readonly string[], Record<string, string>]> = [
    ['error codes the contract can return', ErrorCode.options, ERROR_CODE_WORDS],
    ['alarm states', AlarmState.options, ALARM_STATE_WORDS],
    ['alarm feed sources', AlarmFeed.shape.source.options, ALARM_FEED_WORDS],
    ['lock reasons', LockReason.options, LOCK_REASON_WORDS],
    ['operator roles', OperatorRole.options, OPERATOR_ROLE_WORDS],
    ['refused sign-in reasons', SignInRefusal.options, SIGN_IN_REFUSAL_WORDS],
    ['override states', ActiveOverride.shape.state.options, OVERRIDE_STATE_WORDS],
    ['outbox states', OutboxItem.shape.state.options, OUTBOX_STATE_WORDS],
    ['audit outcomes', AuditOutcome.options, AUDIT_OUTCOME_WORDS],
    ['connection phases', ConnectionPhase.options, CONNECTION_PHASE_WORDS],
    ['item kinds', ItemKind.options, ITEM_KIND_WORDS],
    ['PIV statuses', PIV_STATUS_TYPES, PIV_STATUS_WORDS],
  ];
  it.each(tables)('%s', (_, values, words) => {
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) expectWords(value, words[value]);
  });
});

describe('the desk’s own time format', () => {
  const at = new Date(2026, 10, 28, 23, 55, 49).getTime();

  it('writes 24-hour times and dates with the month in words, in the desk’s locale', () => {
    expect(clockTime(at)).toBe('23:55');
    expect(clockTime(new Date(2026, 10, 29, 7, 5).getTime())).toBe('07:05');
    expect(deskDate(at, 'en-GB')).toBe('28 Nov 2026');
    expect(deskDate(at, 'en-US')).toBe('Nov 28, 2026');
    expect(deskDateTime(at, 'en-GB')).toBe('28 Nov 2026 23:55');
    expect(deskDateTime(at, 'en-US')).not.toMatch(/AM|PM|\d+\/\d+\/\d+/);
  });

  it('says how long something waited at a glance', () => {
    expect([20_000, 12 * 60_000, 125 * 60_000, 26 * 3_600_000].map(waitedFor)).toEqual(['under a minute', '12 min', '2 h 05 min', '1 day 2 h']);
  });

  it('turns a server’s ISO time into the desk’s words, and leaves other text as it is', () => {
    expect(isoWords(new Date(at).toISOString(), 'en-GB')).toBe('28 Nov 2026 23:55');
    expect(isoWords('tomorrow')).toBe('tomorrow');
  });
});

describe('the last pass of words over any text (each example the newcomer met)', () => {
  const at = new Date(2026, 10, 28, 23, 55, 49, 934);

  it.each([
    ['NotChecked, checked 2026-11-28T23:55:49.934Z', /^not checked yet, checked \S+ \S+ \S+ \d\d:\d\d$/],
    [`Free until ${at.toISOString()}`, /^Free until \S+ \S+ \S+ \d\d:\d\d$/],
    ['read ECONNRESET', /^the server broke off the connection$/],
    ['Could not reach the server: connect ECONNREFUSED 10.0.0.5:8904', /^Could not reach the server: the server refused the connection$/],
    ['The card is CertInChainRevoked', /^The card is revoked: a certificate above it was revoked$/],
    ['pcscd is not running: its socket /run/pcscd/pcscd.comm does not exist', /^pcscd is not running: does not exist$/],
    ['UND_ERR_SOCKET', /^the server broke off the connection$/],
  ])('%s', (raw, words) => {
    expect(plainWords(raw, 'en-GB')).toMatch(words);
  });

  it('passes text already in words unchanged', () => {
    const text = 'Door forced open at North Level 1 West: the server took it for all 3.';
    expect(plainWords(text)).toBe(text);
  });

  it('says a thrown thing that is not an error plainly', () => {
    expect(errorWords(undefined)).toMatch(/^Something went wrong inside Gatehouse/);
    expect(errorWords(new Error('read ECONNRESET'))).toBe('the server broke off the connection');
  });
});

describe('a command and a refused request in words', () => {
  it('names commands by their label, never their key', () => {
    expect(commandWords('freeUntil')).toMatch(/^Free/);
    expect(commandWords('freeUntil')).not.toMatch(/…$/);
    expect(commandWords('someNewCommand')).toBe('Some new command');
  });

  it('shows a schema’s own sentence, and a library’s message never', () => {
    expect(refusedParamsWords('The card id is written in hexadecimal digits')).toBe('The card id is written in hexadecimal digits.');
    expect(refusedParamsWords('Invalid input: expected string, received number')).toMatch(/^Gatehouse’s screen sent something/);
    expect(refusedParamsWords(undefined)).toMatch(/nothing was done/);
  });
});
