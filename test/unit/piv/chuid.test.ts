import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatGuid, guidToDecimal, parseChuid } from '../../../electron/core/piv/chuid';
import { CHUID_TAGS } from '../../../shared/piv/card/card-objects';
import { readContentSigner } from '../../../electron/core/piv/chuid-signature';
import { encodeFascn, fascnFromDigits } from '../../../shared/piv/card/fascn';
import { fromHex } from '../../../shared/piv/card/hex';
import { PIV_OBJECT_TAGS } from '../../../shared/piv/card/card-objects';
import { concatBytes, encodeTlv } from '../../../shared/piv/card/tlv';
import { issueVirtualCard, type VirtualCardProfile } from '../../../electron/simulator/piv-card/index';

const ascii = (s: string) => new TextEncoder().encode(s);
const FASCN = encodeFascn(fascnFromDigits('4700-0256-001337-111234567890199991'));
const GUID = fromHex('000102030405060708090A0B0C0D0E0F');

function chuid(parts: { expiry?: string; guid?: Uint8Array; org?: Uint8Array; signature?: boolean }): Uint8Array {
  return concatBytes(
    encodeTlv(CHUID_TAGS.fascn, FASCN),
    ...(parts.org ? [encodeTlv(CHUID_TAGS.orgIdentifier, parts.org)] : []),
    encodeTlv(CHUID_TAGS.guid, parts.guid ?? GUID),
    encodeTlv(CHUID_TAGS.expirationDate, ascii(parts.expiry ?? '20301231')),
    ...(parts.signature === false ? [] : [encodeTlv(CHUID_TAGS.issuerSignature, Uint8Array.of(0x30, 0x00))]),
    encodeTlv(CHUID_TAGS.errorDetectionCode, new Uint8Array(0)),
  );
}

describe('CHUID parsing', () => {
  it('reads FASC-N, GUID, expiration date and organisational identifier element by element', () => {
    const parsed = parseChuid(chuid({ org: ascii('4700') }));
    expect(parsed.fascnDigits).toBe('47000256001337111234567890199991');
    expect(parsed.fascn.agencyCode).toBe('4700');
    expect(formatGuid(parsed.guid)).toBe('00010203-0405-0607-0809-0a0b0c0d0e0f');
    expect(parsed.expirationDate).toBe('2030-12-31');
    expect(parsed.orgIdentifier).toBe('4700');
    expect(parsed.duns).toBeUndefined();
  });

  it('hashes the whole CHUID object with SHA-256: Base64 of 44 characters with one "="', () => {
    const object = chuid({});
    const parsed = parseChuid(object);
    expect(parsed.hash).toBe(createHash('sha256').update(object).digest('base64'));
    expect(parsed.hash).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });

  it('keeps the elements before the signature as the signed content', () => {
    const object = chuid({});
    const parsed = parseChuid(object);
    const signatureAt = object.indexOf(CHUID_TAGS.issuerSignature, 25 + 2 + 16 + 2 + 8 + 2);
    expect(parsed.signedContent).toEqual(object.subarray(0, signatureAt));
  });

  it('turns the GUID into the decimal PIV-I card number', () => {
    expect(guidToDecimal(GUID)).toBe('5233100606242806050955395731361295');
    expect(guidToDecimal(new Uint8Array(16).fill(0xff))).toBe('340282366920938463463374607431768211455');
    expect(guidToDecimal(new Uint8Array(16))).toBe('0');
  });

  it('names what is wrong with a bad CHUID', () => {
    expect(() => parseChuid(chuid({ signature: false }))).toThrow('CHUID: the issuer asymmetric signature (tag 3E) is missing');
    expect(() => parseChuid(chuid({ expiry: '20301340' }))).toThrow('CHUID: the expiration date "20301340" is not a YYYYMMDD date');
    expect(() => parseChuid(chuid({ guid: fromHex('0102') }))).toThrow('CHUID: the GUID must be 16 bytes, found 2');
    expect(() => parseChuid(chuid({ org: Uint8Array.of(0x01, 0x02) }))).toThrow('CHUID: the organisational identifier 0102 is not printable text');
  });
});

describe('CHUID issuer signature', () => {
  let profile: VirtualCardProfile;
  beforeAll(async () => {
    profile = await issueVirtualCard({ kind: 'piv' });
  });

  it('yields the content-signing certificate and a valid signature for an untouched CHUID', async () => {
    const parsed = parseChuid(profile.objects.get(PIV_OBJECT_TAGS.chuid)!);
    const signer = await readContentSigner(parsed.issuerSignature, parsed.signedContent);
    expect(signer.certificate).toEqual(profile.certificates.contentSigner);
    expect(signer.signatureValid).toBe(true);
  });

  it('reports the signature as not valid when the signed content was changed', async () => {
    const parsed = parseChuid(profile.objects.get(PIV_OBJECT_TAGS.chuid)!);
    const tampered = parsed.signedContent.slice();
    tampered[tampered.length - 1] ^= 0x01;
    expect((await readContentSigner(parsed.issuerSignature, tampered)).signatureValid).toBe(false);
  });

  it('refuses a signature element that is not CMS SignedData', async () => {
    await expect(readContentSigner(fromHex('0401AA'), new Uint8Array(1))).rejects.toMatchObject({
      code: 'malformed-data',
      message: expect.stringMatching(/^CHUID issuer signature: not a CMS SignedData/),
    });
  });
});
