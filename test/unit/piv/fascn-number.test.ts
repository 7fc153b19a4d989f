import { describe, expect, it } from 'vitest';
import {
  cardKindOfFascn,
  fascnDigits,
  fascnNumberProblem,
  formatFascn,
  sameCardNumber,
} from '../../../shared/piv/fascn-number';

describe('FASC-N card numbers', () => {
  it('hyphenates 32 digits as 4-4-6-18, the way the server returns them', () => {
    expect(formatFascn('47000256001337111234567890199991')).toBe('4700-0256-001337-111234567890199991');
  });

  it('ignores hyphens wherever they are on input', () => {
    expect(fascnDigits('4700-0256-001337-111234567890199991')).toBe('47000256001337111234567890199991');
    expect(formatFascn('47-00025600133711123456789019999-1')).toBe('4700-0256-001337-111234567890199991');
    expect(sameCardNumber('4700-0256-001337-111234567890199991', '47000256001337111234567890199991')).toBe(true);
    expect(sameCardNumber('4700-0256-001337-111234567890199991', '47000256001337111234567890199992')).toBe(false);
  });

  it('says what is wrong with something that is not a FASC-N', () => {
    expect(fascnNumberProblem('4700-0256')).toBe('must have 32 digits (hyphens ignored), found 8');
    expect(fascnNumberProblem('4700 0256 001337 111234567890199991')).toBe('must hold only digits and hyphens');
    expect(() => formatFascn('12')).toThrow(/FASC-N "12" must have 32 digits/);
  });

  it('calls a FASC-N with agency code 9999 PIV-I and any other PIV', () => {
    expect(cardKindOfFascn('9999-9999-999999-011234567890300001')).toBe('piv-i');
    expect(cardKindOfFascn('9999-0256-001337-111234567890199991')).toBe('piv-i');
    expect(cardKindOfFascn('4700-0256-001337-111234567890199991')).toBe('piv');
  });
});
