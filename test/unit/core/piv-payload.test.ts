import { describe, expect, it } from 'vitest';
import { checkPivCardCreate, checkPivCardUpdate } from '../../../electron/core/api/piv-payload';

// The rules themselves are tested in test/unit/piv; these check the core applies them before sending.
const B64 = 'QUJDRA==';
const HASH = 'A'.repeat(43) + '=';
const FASCN = '47000256001337111234567890199991';
const card = (pivData: Record<string, unknown> = {}, number = '4700-0256-001337-111234567890199991') => ({
  number,
  type: { href: 'https://s/api/card_types/piv' },
  pivData: { chuid: { fascn: FASCN, hash: HASH }, contentSigningCert: B64, pivAuthenticationCert: B64, ...pivData },
});

describe('PIV card payloads are checked by the shared rules before sending', () => {
  it('accepts a complete PIV card whose number is its FASC-N (hyphens ignored)', () => {
    expect(checkPivCardCreate(card(), '9.40', 'x').pivData.contentSigningCert).toBe(B64);
  });

  it('refuses as a bad request naming the call and the field', () => {
    expect(() => checkPivCardCreate(card({ pivAuthenticationCert: 'not base64!' }), '9.40', 'Create cardholder')).toThrow(
      expect.objectContaining({ code: 'bad-request', message: expect.stringMatching(/^Create cardholder: .*pivAuthenticationCert/) }),
    );
  });

  it('refuses a PIV card whose number is not its FASC-N', () => {
    expect(() => checkPivCardCreate(card({}, '1234'), '9.40', 'x')).toThrow(/number/i);
  });

  it('requires the CHUID hash before 8.70 only', () => {
    const noHash = card({ chuid: { fascn: FASCN } });
    expect(() => checkPivCardCreate(noHash, '8.60', 'x')).toThrow(/hash/);
    expect(checkPivCardCreate(noHash, '8.70', 'x').pivData.chuid.hash).toBeUndefined();
  });

  it('lets an update change only status and PIV status', () => {
    const update = checkPivCardUpdate({ href: 'c', pivData: { pivStatus: { type: 'Revoked' }, contentSigningCert: B64 } }, 'x');
    expect(update).toEqual({ href: 'c', pivData: { pivStatus: { type: 'Revoked' } } });
    expect(() => checkPivCardUpdate({ href: 'c', status: { value: 'on' } }, 'x')).toThrow(/status\.value/);
  });
});
