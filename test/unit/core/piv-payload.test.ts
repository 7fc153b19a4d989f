import { describe, expect, it } from 'vitest';
import { checkPivCardCreate, checkPivCardUpdate } from '../../../electron/core/api/piv-payload';

const B64 = 'QUJDRA==';
const HASH = 'A'.repeat(43) + '=';
const card = (pivData: Record<string, unknown> = {}) => ({
  number: '1234-5678',
  type: { href: 'https://s/api/card_types/piv' },
  pivData: { chuid: { fascn: '12345678', hash: HASH }, contentSigningCert: B64, pivAuthenticationCert: B64, ...pivData },
});

describe('PIV card payload rules checked before sending', () => {
  it('accepts a complete card', () => {
    expect(checkPivCardCreate(card(), [9, 40], 'x').pivData.contentSigningCert).toBe(B64);
  });

  it.each([
    ['contentSigningCert', { contentSigningCert: undefined }, /pivData\.contentSigningCert: .*required/],
    ['pivAuthenticationCert not Base64', { pivAuthenticationCert: 'not base64!' }, /pivAuthenticationCert is not Base64/],
    ['cardAuthenticationCert not Base64', { cardAuthenticationCert: '***' }, /cardAuthenticationCert is not Base64/],
    ['fingerprints not Base64', { fingerprints: 'a b' }, /fingerprints is not Base64/],
    ['unknown pivStatus', { pivStatus: { type: 'Fine' } }, /pivStatus\.type must be one of/],
  ])('refuses %s', (_what, change, message) => {
    expect(() => checkPivCardCreate(card(change), [9, 40], 'Create cardholder')).toThrow(message);
  });

  it('requires the CHUID hash before 8.70 only', () => {
    const noHash = card({ chuid: { fascn: '12345678' } });
    expect(() => checkPivCardCreate(noHash, [8, 60], 'x')).toThrow(/chuid\.hash is required by servers before 8\.70/);
    expect(checkPivCardCreate(noHash, [8, 70], 'x').pivData.chuid.hash).toBeUndefined();
  });

  it('accepts card status words in any case and refuses others', () => {
    expect(checkPivCardCreate({ ...card(), status: { value: 'Disabled (Manually)' } }, [9, 40], 'x').status?.value).toBe('Disabled (Manually)');
    expect(() => checkPivCardCreate({ ...card(), status: { value: 'on' } }, [9, 40], 'x')).toThrow(/status\.value/);
  });

  it('lets an update change only status and PIV status', () => {
    const update = checkPivCardUpdate({ href: 'c', pivData: { pivStatus: { type: 'Revoked' }, contentSigningCert: B64 } }, 'x');
    expect(update).toEqual({ href: 'c', pivData: { pivStatus: { type: 'Revoked' } } });
  });
});
