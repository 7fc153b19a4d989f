import { describe, expect, it } from 'vitest';
import { base64DecodedLength, base64Problem, isBase64 } from '../../../shared/piv/base64';

describe('strict Base64 check', () => {
  it('accepts what Buffer encodes, for every padding length', () => {
    for (const size of [1, 2, 3, 4, 31, 32, 33]) {
      const text = Buffer.alloc(size, 0xa5).toString('base64');
      expect(isBase64(text), text).toBe(true);
      expect(base64DecodedLength(text)).toBe(size);
    }
  });

  it('names what is wrong with a string that is not Base64', () => {
    expect(base64Problem('')).toBe('is empty');
    expect(base64Problem('QUJD\nREVG')).toBe('contains whitespace or line breaks');
    expect(base64Problem('QUJDR')).toBe('has 5 characters, not a multiple of 4');
    expect(base64Problem('QU*D')).toBe('contains "*", which is not a Base64 character');
    expect(base64Problem('QU=D')).toMatch(/padding/);
    expect(base64Problem('Q===')).toMatch(/more than two/);
  });

  it('refuses the URL-safe alphabet, which the server does not speak', () => {
    expect(isBase64('ab-_')).toBe(false);
  });
});
