import { describe, expect, it } from 'vitest';
import { fingerprintHalves, validityWords } from '../../../../renderer/src/settings/lib/certificate-words';

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

describe('fingerprintHalves', () => {
  it('shows the colon-separated form servers and tools print, in two halves that join back to it', () => {
    const fingerprint = Array.from({ length: 32 }, (_, i) => (i * 7).toString(16).padStart(2, '0').toUpperCase()).join(':');
    const [first, second] = fingerprintHalves(fingerprint);
    expect(first + second).toBe(fingerprint);
    expect(first.split(':').filter(Boolean)).toHaveLength(16);
    expect(fingerprintHalves('ab cd ef')).toEqual(['AB:CD:', 'EF']);
  });
});

