import { describe, expect, it } from 'vitest';
import { sameCardNumber } from '../../../electron/core/api/card-check';

// The card check matches a card number as the card shows it: a PIV card read from the reader gives its
// FASC-N's 32 digits, which the server shows hyphenated 4-4-6-18; a typed number may have spaces or
// leading zeros. Text numbers (a mobile credential's) keep their hyphens.
describe('card numbers compare as the card shows them', () => {
  it('matches a FASC-N read as digits with the server’s hyphenated form, and ignores spaces and leading zeros', () => {
    expect(sameCardNumber('4700-0256-001337-111234567890199991', '47000256001337111234567890199991')).toBe(true);
    expect(sameCardNumber('4700-0256-001337-111234567890199991', '47000256001338111234567890199991')).toBe(false);
    expect(sameCardNumber('0004104', '41 04')).toBe(true);
    expect(sameCardNumber('4104', '4105')).toBe(false);
  });

  it('keeps the hyphens of a number that is not all digits', () => {
    expect(sameCardNumber('AB-12', 'ab-12')).toBe(true);
    expect(sameCardNumber('AB-12', 'AB12')).toBe(false);
  });
});
