import { describe, expect, it } from 'vitest';
import { normalizeFingerprint } from '../../../shared/settings/fingerprint';

const colons = 'AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89';

describe('normalizeFingerprint: a pasted SHA-256 fingerprint in the form people compare', () => {
  it('accepts colons, spaces, dashes or nothing between the bytes, in either case', () => {
    expect(normalizeFingerprint(colons)).toBe(colons);
    expect(normalizeFingerprint(colons.toLowerCase())).toBe(colons);
    expect(normalizeFingerprint(colons.replace(/:/g, ' '))).toBe(colons);
    expect(normalizeFingerprint(colons.replace(/:/g, ''))).toBe(colons);
    expect(normalizeFingerprint(`  ${colons.replace(/:/g, '').match(/.{4}/g)!.join(' ')}\n`)).toBe(colons);
  });

  it('refuses anything that is not 32 bytes of hex', () => {
    expect(normalizeFingerprint(colons.slice(3))).toBeUndefined();
    expect(normalizeFingerprint(colons.replace('AB', 'XY'))).toBeUndefined();
    expect(normalizeFingerprint('')).toBeUndefined();
  });
});
