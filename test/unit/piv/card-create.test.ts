import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { validatePivCardCreate, validatePivEnrolment, type PivFieldError } from '../../../shared/piv/card-create';

const PIV_FASCN = '47000256001337111234567890199991';
const PIV_I_FASCN = '99999999999999011234567890300001';
const CERT = Buffer.alloc(700, 7).toString('base64');
const HASH = createHash('sha256').update('chuid').digest('base64');

function enrolment(overrides: Record<string, unknown> = {}, chuid: Record<string, unknown> = {}, pivData: Record<string, unknown> = {}) {
  return {
    number: PIV_FASCN,
    pivData: {
      chuid: { hash: HASH, fascn: PIV_FASCN, orgIdentifier: '4700', ...chuid },
      contentSigningCert: CERT,
      pivAuthenticationCert: CERT,
      ...pivData,
    },
    ...overrides,
  };
}

function errorsOf(result: { ok: true } | { ok: false; errors: PivFieldError[] }): PivFieldError[] {
  return result.ok ? [] : result.errors;
}

describe('PIV enrolment payload rules', () => {
  it('accepts a complete PIV payload and hands back the parsed value', () => {
    const result = validatePivEnrolment(
      enrolment({}, {}, { cardAuthenticationCert: CERT, fingerprints: CERT, pivStatus: { type: 'NotChecked' } }),
      { serverVersion: '8.60' },
    );
    expect(result).toMatchObject({ ok: true, value: { number: PIV_FASCN, pivData: { cardAuthenticationCert: CERT } } });
  });

  it('rejects missing or non-Base64 content-signing and PIV authentication certificates, naming the field', () => {
    const missing = validatePivEnrolment(enrolment({}, {}, { contentSigningCert: undefined }), { serverVersion: '9.40' });
    expect(errorsOf(missing)).toEqual([
      { field: 'pivData.contentSigningCert', message: 'The content-signing certificate is required and must be a Base64 string' },
    ]);
    const notBase64 = validatePivEnrolment(enrolment({}, {}, { pivAuthenticationCert: 'MII B' }), { serverVersion: '9.40' });
    expect(errorsOf(notBase64)).toEqual([
      { field: 'pivData.pivAuthenticationCert', message: 'The PIV authentication certificate is not Base64: it contains whitespace or line breaks' },
    ]);
  });

  it('accepts absent card authentication certificate and fingerprints but rejects them when not Base64', () => {
    expect(validatePivEnrolment(enrolment(), { serverVersion: '9.40' }).ok).toBe(true);
    const bad = validatePivEnrolment(enrolment({}, {}, { cardAuthenticationCert: 'abc', fingerprints: 'a*bc' }), { serverVersion: '9.40' });
    expect(errorsOf(bad).map((e) => e.field)).toEqual(['pivData.cardAuthenticationCert', 'pivData.fingerprints']);
  });

  it('requires the CHUID hash up to 8.60 and lets it be left out from 8.70', () => {
    const withoutHash = enrolment({}, { hash: undefined });
    expect(errorsOf(validatePivEnrolment(withoutHash, { serverVersion: '8.60' }))).toEqual([
      { field: 'pivData.chuid.hash', message: 'The CHUID hash is required by server version 8.60 (optional only from 8.70)' },
    ]);
    expect(validatePivEnrolment(withoutHash, { serverVersion: '8.70' }).ok).toBe(true);
  });

  it('rejects a CHUID hash that is not Base64 even where it is optional', () => {
    const result = validatePivEnrolment(enrolment({}, { hash: 'not base64!' }), { serverVersion: '9.40' });
    expect(errorsOf(result)[0]).toMatchObject({ field: 'pivData.chuid.hash', message: expect.stringMatching(/^The CHUID hash is not Base64/) });
  });

  it('wants a SHA-256 CHUID hash: 44 characters with one "="', () => {
    expect(HASH).toHaveLength(44);
    const sha1 = createHash('sha1').update('chuid').digest('base64');
    const result = validatePivEnrolment(enrolment({}, { hash: sha1 }), { serverVersion: '8.60' });
    expect(errorsOf(result)).toEqual([
      {
        field: 'pivData.chuid.hash',
        message: "The CHUID hash must be a SHA-256 digest in Base64 (44 characters ending in one '='); this one has 28 characters",
      },
    ]);
  });

  it('on PIV requires the number to equal the FASC-N, hyphens ignored', () => {
    expect(validatePivEnrolment(enrolment({ number: '4700-0256-001337-111234567890199991' }), { serverVersion: '8.60' }).ok).toBe(true);
    const other = validatePivEnrolment(enrolment({ number: '47000256001337111234567890199992' }), { serverVersion: '8.60' });
    expect(errorsOf(other)).toEqual([{ field: 'number', message: 'On a PIV card the card number must equal the FASC-N (hyphens ignored)' }]);
  });

  it('on PIV-I requires the number to differ from the FASC-N, telling PIV-I from the FASC-N when not told', () => {
    const guidNumber = '143186533504452231777906503201092210766';
    expect(validatePivEnrolment(enrolment({ number: guidNumber }, { fascn: PIV_I_FASCN }), { serverVersion: '8.60' }).ok).toBe(true);
    const same = validatePivEnrolment(enrolment({ number: PIV_I_FASCN }, { fascn: PIV_I_FASCN }), { serverVersion: '8.60' });
    expect(errorsOf(same)[0]).toMatchObject({ field: 'number', message: expect.stringMatching(/must differ from the FASC-N/) });
    const told = validatePivEnrolment(enrolment({ number: PIV_FASCN }), { serverVersion: '8.60', kind: 'piv-i' });
    expect(errorsOf(told).map((e) => e.field)).toEqual(['number']);
  });

  it('rejects a FASC-N that is not 32 digits and a number that is not digits', () => {
    const result = validatePivEnrolment(enrolment({ number: 'ABC' }, { fascn: '4700-0256' }), { serverVersion: '8.60' });
    expect(errorsOf(result)).toEqual([
      { field: 'number', message: 'The card number must hold only digits and hyphens' },
      { field: 'pivData.chuid.fascn', message: 'The FASC-N must have 32 digits (hyphens ignored), found 8' },
    ]);
  });

  it('reports an unusable server version instead of guessing', () => {
    expect(errorsOf(validatePivEnrolment(enrolment(), { serverVersion: 'latest' }))).toEqual([
      { field: '', message: 'Server version "latest" is not a dotted number such as 8.70' },
    ]);
  });
});

describe('PIV card create object rules', () => {
  const create = (extra: Record<string, unknown>) => ({ ...enrolment(), type: { href: 'https://server/api/card_types/600' }, ...extra });

  it('accepts the status words active and disabled (manually) in any case', () => {
    for (const value of ['active', 'ACTIVE', 'Disabled (Manually)']) {
      expect(validatePivCardCreate(create({ status: { value } }), { serverVersion: '8.60' }).ok, value).toBe(true);
    }
    const bad = validatePivCardCreate(create({ status: { value: 'inactive' } }), { serverVersion: '8.60' });
    expect(errorsOf(bad)).toEqual([
      { field: 'status.value', message: "The card status must be one of 'active', 'disabled (manually)' (any case)" },
    ]);
  });

  it('requires the PIV card type href', () => {
    const result = validatePivCardCreate({ ...enrolment() }, { serverVersion: '8.60' });
    expect(errorsOf(result)).toEqual([{ field: 'type', message: 'The card type is required' }]);
  });

  it('rejects a pivStatus type the server does not know', () => {
    const result = validatePivCardCreate(create({}), { serverVersion: '8.60' });
    expect(result.ok).toBe(true);
    const bad = validatePivEnrolment(enrolment({}, {}, { pivStatus: { type: 'Fine' } }), { serverVersion: '8.60' });
    expect(errorsOf(bad).map((e) => e.field)).toEqual(['pivData.pivStatus.type']);
  });
});
