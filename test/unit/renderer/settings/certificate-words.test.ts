import { describe, expect, it } from 'vitest';
import { groupedHex, validityWords } from '../../../../renderer/src/settings/lib/certificate-words';

const dates = { notBefore: '2026-01-01T00:00:00.000Z', notAfter: '2027-01-01T00:00:00.000Z' };

describe('validityWords', () => {
  it('flags an expired and a not-yet-valid certificate plainly, judged at the time shown', () => {
    const expired = validityWords(dates, new Date('2027-06-01T00:00:00Z'));
    expect(expired.validity).toBe('expired');
    expect(expired.text).toMatch(/^EXPIRED on /);
    const early = validityWords(dates, new Date('2025-06-01T00:00:00Z'));
    expect(early.validity).toBe('not-yet-valid');
    expect(early.text).toMatch(/^NOT YET VALID: valid from /);
  });

  it('gives both dates for a valid certificate', () => {
    const valid = validityWords(dates, new Date('2026-06-01T00:00:00Z'));
    expect(valid.validity).toBe('valid');
    expect(valid.text).toMatch(/^Valid from .+ until .+/);
    expect(valid.text).toContain('2026');
    expect(valid.text).toContain('2027');
  });
});

describe('groupedHex', () => {
  it('groups a colon-separated fingerprint in fours, keeping every digit', () => {
    const fingerprint = 'AB:CD:EF:01:23:45:67:89';
    expect(groupedHex(fingerprint)).toBe('ABCD EF01 2345 6789');
    expect(groupedHex('0123456789ABCDEF01234')).toBe('0123 4567 89AB CDEF 0123 4');
  });
});
