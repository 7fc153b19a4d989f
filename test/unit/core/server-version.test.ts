import { describe, expect, it } from 'vitest';
import { chuidHashRequired } from '../../../shared/piv/chuid-hash-rule';
import { compareServerVersions, versionAtLeast } from '../../../shared/version';

describe('server versions', () => {
  it('compares component by component as numbers', () => {
    expect(compareServerVersions('9.0', '9.20')).toBeLessThan(0);
    expect(compareServerVersions('8.60', '8.70')).toBeLessThan(0);
    expect(compareServerVersions('9.40', '8.70')).toBeGreaterThan(0);
    expect(compareServerVersions('8.70', '8.70.0')).toBe(0);
    expect(compareServerVersions('8.40.2', '8.40')).toBeGreaterThan(0);
    expect(versionAtLeast('9.40', '9.30')).toBe(true);
    expect(versionAtLeast('9.20', '9.30')).toBe(false);
  });

  it('requires the CHUID hash up to 8.60 and not from 8.70', () => {
    expect(chuidHashRequired('7.90')).toBe(true);
    expect(chuidHashRequired('8.60')).toBe(true);
    expect(chuidHashRequired('8.60.1')).toBe(true);
    expect(chuidHashRequired('8.70')).toBe(false);
    expect(chuidHashRequired('9.40')).toBe(false);
  });

  it('refuses a version that is not a dotted number', () => {
    expect(() => chuidHashRequired('v8')).toThrow('Server version "v8" is not a dotted number such as 8.70');
  });
});
