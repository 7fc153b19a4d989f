import { beforeAll, describe, expect, it } from 'vitest';
import type { PivCardRead } from '../../../shared/piv/card-read';
import { validatePivEnrolment } from '../../../shared/piv/card-create';
import { buildEnrolment, EnrolmentRejected } from '../../../electron/core/piv/enrolment';
import { readPivCard } from '../../../electron/core/piv/read-card';
import { inProcessChannel, issueVirtualCard, VirtualPivCard } from '../../../electron/simulator/piv-card/index';

describe('building the enrolment payload from a card read', () => {
  let piv: PivCardRead;
  let pivI: PivCardRead;
  beforeAll(async () => {
    const pivProfile = await issueVirtualCard({ kind: 'piv' });
    piv = await readPivCard(inProcessChannel(new VirtualPivCard(pivProfile)), { pin: pivProfile.pin });
    pivI = await readPivCard(inProcessChannel(new VirtualPivCard(await issueVirtualCard({ kind: 'piv-i' }))));
  });

  it('uses the FASC-N as the number of a PIV card and fills pivData from the read', () => {
    const enrolment = buildEnrolment(piv, '8.60');
    expect(enrolment).toEqual({
      number: piv.fascn.digits,
      pivData: {
        chuid: { hash: piv.chuidHash, fascn: piv.fascn.digits, orgIdentifier: '4700' },
        contentSigningCert: piv.contentSigningCert.base64,
        pivAuthenticationCert: piv.pivAuthenticationCert.base64,
        cardAuthenticationCert: piv.cardAuthenticationCert!.base64,
        fingerprints: piv.fingerprints,
      },
    });
    expect(enrolment.pivData.chuid.hash).toHaveLength(44);
  });

  it('uses the GUID as a decimal for a PIV-I card, which differs from the FASC-N', () => {
    const enrolment = buildEnrolment(pivI, '9.40');
    expect(enrolment.number).toBe(pivI.guid.decimal);
    expect(enrolment.number).not.toBe(enrolment.pivData.chuid.fascn);
    expect(enrolment.pivData.chuid).toMatchObject({ fascn: '99999999999999011234567890300001', duns: '123456789' });
    expect(enrolment.pivData.fingerprints).toBeUndefined();
  });

  it('produces payloads the shared rules accept for old and new servers', () => {
    for (const version of ['7.90', '8.60', '8.70', '9.40']) {
      expect(validatePivEnrolment(buildEnrolment(piv, version), { serverVersion: version }).ok).toBe(true);
      expect(validatePivEnrolment(buildEnrolment(pivI, version), { serverVersion: version }).ok).toBe(true);
    }
  });

  it('refuses a PIV-I card without a GUID, since it would have no number', () => {
    const noGuid: PivCardRead = { ...pivI, guid: { hex: '00000000-0000-0000-0000-000000000000', decimal: '0' } };
    expect(() => buildEnrolment(noGuid, '9.40')).toThrow(EnrolmentRejected);
    expect(() => buildEnrolment(noGuid, '9.40')).toThrow(/number: This PIV-I card has no GUID/);
  });

  it('refuses, naming the field, a read whose certificate would not pass the server', () => {
    const broken: PivCardRead = { ...piv, pivAuthenticationCert: { ...piv.pivAuthenticationCert, base64: 'not base64' } };
    try {
      buildEnrolment(broken, '8.60');
      expect.unreachable('buildEnrolment should have refused the read');
    } catch (error) {
      expect(error).toBeInstanceOf(EnrolmentRejected);
      expect((error as EnrolmentRejected).errors.map((e) => e.field)).toEqual(['pivData.pivAuthenticationCert']);
      expect((error as EnrolmentRejected).code).toBe('invalid-enrolment');
    }
  });
});
