import { createHash, randomBytes, verify, X509Certificate } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PivApplication } from '../../../electron/core/piv/piv-application';
import { PIV_OBJECT_TAGS } from '../../../shared/piv/card/card-objects';
import { fromHex, toHex } from '../../../shared/piv/card/hex';
import { concatBytes, encodeTlv } from '../../../shared/piv/card/tlv';
import { parseCommand } from '../../../electron/simulator/piv-card/command-parser';
import { inProcessChannel, issueVirtualCard, VirtualPivCard, type VirtualCardProfile } from '../../../electron/simulator/piv-card/index';

describe('the virtual card, byte for byte', () => {
  let profile: VirtualCardProfile;
  beforeAll(async () => {
    profile = await issueVirtualCard({ pin: '24681357' });
  });
  const answer = (card: VirtualPivCard, hex: string) => toHex(card.respond(fromHex(hex))!);

  it('parses short and extended command APDUs, and refuses inconsistent lengths', () => {
    expect(parseCommand(fromHex('00CB3FFF055C035FC10200'))).toMatchObject({ ins: 0xcb, le: 256, extended: false });
    expect(parseCommand(fromHex('00CB3FFF0000055C035FC1020000'))).toMatchObject({ le: 65536, extended: true });
    expect(parseCommand(fromHex('00200080'))?.le).toBeUndefined();
    expect(parseCommand(fromHex('00CB3FFF055C03'))).toBeNull();
  });

  it('answers SELECT with its application property template and refuses other AIDs', () => {
    const card = new VirtualPivCard(profile);
    expect(answer(card, '00A4040009A0000003080000100000')).toMatch(/^61.*4F0600001000010079.*9000$/);
    expect(answer(card, '00A4040007A000000004101000')).toBe('6A82');
  });

  it('refuses GET DATA before SELECT and fingerprints before the PIN', () => {
    const card = new VirtualPivCard(profile);
    expect(answer(card, '00CB3FFF055C035FC10200')).toBe('6985');
    answer(card, '00A4040009A0000003080000100000');
    expect(answer(card, '00CB3FFF055C035FC10300')).toBe('6982');
    expect(answer(card, '00CB3FFF055C035FC10800')).toBe('6A82');
  });

  it('chains a long object over 61xx and GET RESPONSE, 256 bytes at a time', () => {
    const card = new VirtualPivCard(profile);
    answer(card, '00A4040009A0000003080000100000');
    const parts: string[] = [];
    let reply = answer(card, '00CB3FFF055C035FC10200');
    while (reply.startsWith('61', reply.length - 4)) {
      parts.push(reply.slice(0, -4));
      reply = answer(card, `00C00000${reply.slice(-2)}`);
    }
    expect(reply.slice(-4)).toBe('9000');
    parts.push(reply.slice(0, -4));
    expect(parts.slice(0, -1).every((p) => p.length === 512)).toBe(true);
    expect(parts.join('')).toBe(toHex(encodeTlv(0x53, profile.objects.get(PIV_OBJECT_TAGS.chuid)!)));
  });

  it('counts PIN tries down, reports them on an empty VERIFY, and blocks after five', async () => {
    const card = new VirtualPivCard(profile);
    const app = new PivApplication(inProcessChannel(card));
    await app.select();
    expect(answer(card, '00200080')).toBe('63C5');
    await expect(app.verifyPin('11111111')).rejects.toMatchObject({ code: 'pin-incorrect', message: expect.stringMatching(/4 tries left/) });
    for (const left of [3, 2]) await expect(app.tryPin('11111111')).resolves.toEqual({ verified: false, triesLeft: left });
    await expect(app.verifyPin('11111111')).rejects.toMatchObject({ message: expect.stringMatching(/1 try left/) });
    await expect(app.verifyPin('11111111')).rejects.toMatchObject({ code: 'pin-blocked' });
    // SP 800-73-4 part 2: once the retry counter is spent, VERIFY answers 6983 even for the right PIN.
    expect(answer(card, '00200080083234363831333537')).toBe('6983');
    await expect(app.verifyPin('24681357')).rejects.toMatchObject({ code: 'pin-blocked', message: 'The PIN is blocked' });
    card.reset();
    await app.select();
    expect(answer(card, '00200080')).toBe('6983');
  });

  it('resets the retry counter on the right PIN', async () => {
    const card = new VirtualPivCard(profile);
    const app = new PivApplication(inProcessChannel(card));
    await app.select();
    await app.tryPin('11111111');
    await app.tryPin('11111111');
    await expect(app.tryPin('24681357')).resolves.toEqual({ verified: true });
    expect(answer(card, '00200080')).toBe('9000');
    card.reset();
    await app.select();
    expect(answer(card, '00200080')).toBe('63C5');
  });

  it('lets the reader code say that fingerprints need the PIN', async () => {
    const app = new PivApplication(inProcessChannel(new VirtualPivCard(profile)));
    await app.select();
    await expect(app.getData(PIV_OBJECT_TAGS.fingerprints, 'cardholder fingerprints')).rejects.toMatchObject({
      message: 'Reading the cardholder fingerprints needs the PIN first (6982 (security status not satisfied (PIN needed)))',
    });
    await expect(app.verifyPin('12ab')).rejects.toMatchObject({ message: 'The PIN must be 6 to 8 digits' });
  });
});

describe('the virtual card\'s GENERAL AUTHENTICATE with the PIV Authentication key', () => {
  let profile: VirtualCardProfile;
  beforeAll(async () => {
    profile = await issueVirtualCard({ pin: '24681357' });
  });
  const answer = (card: VirtualPivCard, hex: string) => toHex(card.respond(fromHex(hex))!);
  const select = (card: VirtualPivCard) => answer(card, '00A4040009A0000003080000100000');
  const verifyPin = (card: VirtualPivCard) => answer(card, '00200080083234363831333537');
  /** 7C { 82 00, 81 <256-byte block> } as one extended APDU for RSA 2048 (07) with key 9A. */
  const challengeApdu = (block: Uint8Array) => {
    const template = encodeTlv(0x7c, concatBytes(encodeTlv(0x82, new Uint8Array(0)), encodeTlv(0x81, block)));
    return `0087079A00${toHex(Uint8Array.of(template.length >> 8, template.length & 0xff))}${toHex(template)}0000`;
  };
  /** A PKCS#1 v1.5 block as a host builds it: 00 01 FF… 00 DigestInfo(SHA-256). */
  const block = (message: Uint8Array) => {
    const digestInfo = concatBytes(fromHex('3031300D060960864801650304020105000420'), createHash('sha256').update(message).digest());
    const b = new Uint8Array(256).fill(0xff);
    b[0] = 0;
    b[1] = 1;
    b[255 - digestInfo.length] = 0;
    b.set(digestInfo, 256 - digestInfo.length);
    return b;
  };

  it('refuses to sign before the PIN (6982) and with another key reference or algorithm (6A86)', () => {
    const card = new VirtualPivCard(profile);
    select(card);
    expect(answer(card, challengeApdu(block(Uint8Array.of(1))))).toBe('6982');
    verifyPin(card);
    expect(answer(card, challengeApdu(block(Uint8Array.of(1))).replace(/^0087079A/, '0087079E'))).toBe('6A86');
    expect(answer(card, challengeApdu(block(Uint8Array.of(1))).replace(/^0087079A/, '0087119A'))).toBe('6A86');
  });

  it('signs the challenge after VERIFY with the key its certificate certifies', () => {
    const card = new VirtualPivCard(profile);
    select(card);
    expect(verifyPin(card)).toBe('9000');
    const message = new Uint8Array(randomBytes(32));
    const reply = answer(card, challengeApdu(block(message)));
    expect(reply.slice(-4)).toBe('9000');
    // 7C 82 01 04 82 82 01 00 <256 signature bytes>
    expect(reply.slice(0, 16)).toBe('7C82010482820100');
    const signature = fromHex(reply.slice(16, -4));
    const publicKey = new X509Certificate(Buffer.from(profile.certificates.pivAuthentication)).publicKey;
    expect(verify('sha256', message, publicKey, signature)).toBe(true);
    expect(verify('sha256', Uint8Array.of(9), publicKey, signature)).toBe(false);
  });

  it('takes the template in a command chain (CLA 10) of short APDUs', async () => {
    const card = new VirtualPivCard(profile);
    const app = new PivApplication(inProcessChannel(card), 'short');
    await app.select();
    await app.verifyPin('24681357');
    const message = new Uint8Array(randomBytes(32));
    const template = encodeTlv(0x7c, concatBytes(encodeTlv(0x82, new Uint8Array(0)), encodeTlv(0x81, block(message))));
    const reply = await app.generalAuthenticate(0x07, 0x9a, template);
    const publicKey = new X509Certificate(Buffer.from(profile.certificates.pivAuthentication)).publicKey;
    expect(verify('sha256', message, publicKey, reply.subarray(8))).toBe(true);
  });

  it('refuses a template without a challenge (6A80)', () => {
    const card = new VirtualPivCard(profile);
    select(card);
    verifyPin(card);
    expect(answer(card, '0087079A047C028200')).toBe('6A80');
  });

  it('puts the FASC-N and card UUID in the PIV Authentication certificate, issued by the demo CA', () => {
    const certificate = new X509Certificate(Buffer.from(profile.certificates.pivAuthentication));
    expect(certificate.subjectAltName).toMatch(/URI:urn:uuid:[0-9a-f-]{36}/);
    expect(certificate.checkIssued(new X509Certificate(Buffer.from(profile.issuerCertificate)))).toBe(true);
  });
});
