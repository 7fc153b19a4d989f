import { describe, expect, it } from 'vitest';
import { readEndTime } from '../../../electron/simulator/api/end-time';
import { textMatcher } from '../../../electron/simulator/api/name-match';
import { readAuthorization } from '../../../electron/simulator/auth/authorization-header';
import { formatFascn, isBase64, isPivI, issueLevelOf } from '../../../electron/simulator/cardholders/piv-data';
import { ServerVersion } from '../../../electron/simulator/version';

describe('name matching', () => {
  it('is case-insensitive substring, with % and _ wildcards, and exact in quotes', () => {
    const m = (p: string, v: string) => textMatcher(p, false)!(v);
    expect(m('lob', 'Main LOBBY')).toBe(true);
    expect(m('m%y', 'Main Lobby')).toBe(true);
    expect(m('l_bby', 'Main Lobby')).toBe(true);
    expect(m('l_by', 'Main Lobby')).toBe(false);
    expect(m('"main lobby"', 'Main Lobby')).toBe(true);
    expect(m('"main"', 'Main Lobby')).toBe(false);
    expect(m('a.b', 'axb')).toBe(false);
    expect(m('""', '')).toBe(false);
    expect(textMatcher('', false)).toBeUndefined();
  });

  it('for descriptions, a wildcard anchors the match at both ends', () => {
    const d = (p: string, v: string) => textMatcher(p, true)!(v);
    expect(d('abc', 'xabcx')).toBe(true);
    expect(d('a%c', 'xabcx')).toBe(false);
    expect(d('a%c', 'abbbc')).toBe(true);
  });
});

describe('end times', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');
  it('accepts ISO 8601 with a zone between now and 24 h ahead', () => {
    expect(readEndTime('2026-01-01T13:00:00Z', now)).toEqual({ endAt: Date.parse('2026-01-01T13:00:00Z') });
    expect(readEndTime('2026-01-02T13:00:00+02:00', now)).toHaveProperty('endAt');
  });
  it('refuses the past, beyond 24 h, missing zone, and non-strings, saying why', () => {
    expect(readEndTime('2026-01-01T11:00:00Z', now)).toEqual({ refusal: expect.stringMatching(/past/) });
    expect(readEndTime('2026-01-02T12:01:00Z', now)).toEqual({ refusal: expect.stringMatching(/24 hours/) });
    expect(readEndTime('2026-01-01T13:00:00', now)).toEqual({ refusal: expect.stringMatching(/time zone/) });
    expect(readEndTime(5, now)).toEqual({ refusal: expect.stringMatching(/string/) });
  });
  // cc_rest.yaml: OverrideEndTime: a blank string is treated as no end time, not refused.
  it('reads a blank end time as no end time', () => {
    expect(readEndTime('', now)).toEqual({ endAt: undefined });
    expect(readEndTime('   ', now)).toEqual({ endAt: undefined });
  });
});

describe('Authorization header', () => {
  const v = (s: string) => new ServerVersion(s);
  const basic = (s: string) => `Basic ${Buffer.from(s).toString('base64')}`;
  it('reads the vendor scheme word at every version, and only that word', () => {
    expect(readAuthorization('GGL-API-KEY K', v('8.00'), false)).toEqual({ key: 'K' });
    expect(readAuthorization('GGL-API-KEY K', v('9.40'), true)).toEqual({ key: 'K' });
    expect(readAuthorization('SERVICE-API-KEY K', v('8.00'), false)).toEqual({ refusal: 'Unknown authorization scheme "SERVICE-API-KEY"' });
    expect(readAuthorization('SERVICE-API-KEY K', v('9.40'), true)).toHaveProperty('refusal');
    expect(readAuthorization('Ggl-Api-Key K', v('9.40'), false)).toEqual({ refusal: expect.stringMatching(/upper case/) });
  });
  it('reads Basic from 9.0 ignoring the username; the key may contain colons', () => {
    expect(readAuthorization(basic('user:K:2'), v('9.0'), false)).toEqual({ key: 'K:2' });
    expect(readAuthorization(basic(':K'), v('8.90'), false)).toHaveProperty('refusal');
    expect(readAuthorization(basic('no-colon'), v('9.40'), false)).toEqual({ refusal: expect.stringMatching(/colon/) });
  });
  it('reads a bare key only on a server before 9.0', () => {
    expect(readAuthorization('K', v('8.90'), false)).toEqual({ key: 'K' });
    expect(readAuthorization('K', v('9.00'), false)).toHaveProperty('refusal');
    expect(readAuthorization('K', v('8.00'), true)).toHaveProperty('refusal');
    expect(readAuthorization(undefined, v('8.00'), false)).toEqual({ refusal: 'No Authorization header' });
  });
});

describe('server versions', () => {
  it('compares by major and two-digit minor', () => {
    expect(new ServerVersion('9.0').atLeast('9.00')).toBe(true);
    expect(new ServerVersion('8.5').atLeast('8.50')).toBe(true);
    expect(new ServerVersion('8.70').before('8.8')).toBe(true);
    expect(() => new ServerVersion('10.1')).toThrow(/outside/);
  });
});

describe('PIV data helpers', () => {
  it('formats a FASC-N as the server does (4-4-6-18) and reads its issue level', () => {
    expect(formatFascn('12345678123456111234567890112341')).toBe('1234-5678-123456-111234567890112341');
    expect(issueLevelOf('12345678123456131234567890112341')).toBe(3);
    expect(isPivI(`${'9'.repeat(14)}${'0'.repeat(18)}`)).toBe(true);
    expect(isBase64('QUJD')).toBe(true);
    expect(isBase64('QUJ')).toBe(false);
    expect(isBase64('')).toBe(false);
  });
});
