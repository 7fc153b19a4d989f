/**
 * FASC-N as a card number: 32 decimal digits, hyphenated 4-4-6-18 the way the access-control server
 * shows it in responses (agency code - system code - credential number - the remaining 18 digits:
 * CS, ICI, PI, OC, OI, POA). Hyphens carry no meaning on input, so every comparison strips them.
 */

export const FASCN_DIGIT_COUNT = 32;

/** Agency code of commercial PIV-I FASC-Ns; federal PIV-I FASC-Ns begin with fourteen nines. */
export const PIV_I_AGENCY_CODE = '9999';

export type CardKind = 'piv' | 'piv-i';

/** The card number with every hyphen removed (the server ignores them on input). */
export function withoutHyphens(text: string): string {
  return text.replace(/-/g, '');
}

/** Why `text` is not a FASC-N number (32 digits, hyphens allowed anywhere), or null when it is. */
export function fascnNumberProblem(text: string): string | null {
  const digits = withoutHyphens(text);
  if (!/^\d*$/.test(digits)) return 'must hold only digits and hyphens';
  if (digits.length !== FASCN_DIGIT_COUNT) {
    return `must have ${FASCN_DIGIT_COUNT} digits (hyphens ignored), found ${digits.length}`;
  }
  return null;
}

/** 32 FASC-N digits from a number written with or without hyphens; throws on anything else. */
export function fascnDigits(text: string): string {
  const problem = fascnNumberProblem(text);
  if (problem) throw new RangeError(`FASC-N ${JSON.stringify(text)} ${problem}`);
  return withoutHyphens(text);
}

/** The 4-4-6-18 hyphenated form, e.g. 4700-0256-001337-111234567890199991. */
export function formatFascn(text: string): string {
  const d = fascnDigits(text);
  return `${d.slice(0, 4)}-${d.slice(4, 8)}-${d.slice(8, 14)}-${d.slice(14)}`;
}

/** PIV-I when the FASC-N's agency code is 9999; otherwise a (federal) PIV card. */
export function cardKindOfFascn(text: string): CardKind {
  return fascnDigits(text).startsWith(PIV_I_AGENCY_CODE) ? 'piv-i' : 'piv';
}

/** Whether two card numbers are the same once hyphens are ignored. */
export function sameCardNumber(a: string, b: string): boolean {
  return withoutHyphens(a) === withoutHyphens(b);
}
