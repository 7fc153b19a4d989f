import { beforeAll, describe, expect, it } from 'vitest';
import type { PivReadProgress } from '../../../shared/piv/card-read';
import type { CardChannel } from '../../../shared/piv/card/card-objects';
import { toHex } from '../../../shared/piv/card/hex';
import { PIV_OBJECT_TAGS } from '../../../shared/piv/card/card-objects';
import { readPivCard } from '../../../electron/core/piv/read-card';
import {
  inProcessChannel,
  issueVirtualCard,
  VirtualPivCard,
  type VirtualCardFaults,
  type VirtualCardProfile,
} from '../../../electron/simulator/piv-card/index';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** Wraps a channel to count commands by instruction byte. */
function counting(channel: CardChannel): CardChannel & { ins: number[] } {
  const ins: number[] = [];
  return { ins, transmit: (c) => (ins.push(c[1]), channel.transmit(c)) };
}

describe('reading a PIV card through a CardChannel', () => {
  let piv: VirtualCardProfile;
  let pivI: VirtualCardProfile;
  beforeAll(async () => {
    piv = await issueVirtualCard({ kind: 'piv', holder: 'Grace Visitor' });
    pivI = await issueVirtualCard({ kind: 'piv-i', compressCertificates: true, withCardAuthentication: false });
  });
  const channel = (profile: VirtualCardProfile, faults?: VirtualCardFaults) => inProcessChannel(new VirtualPivCard(profile, faults));

  it('reads FASC-N, GUID, expiry, org id, certificates and fingerprints of a PIV card', async () => {
    const read = await readPivCard(channel(piv), { pin: piv.pin });
    expect(read).toMatchObject({
      kind: 'piv',
      fascn: { digits: piv.fascnDigits, formatted: '4700-0256-001337-111234567890199991', agencyCode: '4700', personIdentifier: '1234567890' },
      guid: { decimal: BigInt(`0x${toHex(piv.guid)}`).toString() },
      expirationDate: piv.expirationDate,
      orgIdentifier: '4700',
      chuidSignatureValid: true,
      fingerprintsRead: true,
      fingerprints: b64(piv.fingerprintStructure!),
    });
    expect(read.contentSigningCert.base64).toBe(b64(piv.certificates.contentSigner));
    expect(read.pivAuthenticationCert).toMatchObject({ base64: b64(piv.certificates.pivAuthentication), subject: expect.stringMatching(/^CN=Grace Visitor,/) });
    expect(read.cardAuthenticationCert?.base64).toBe(b64(piv.certificates.cardAuthentication!));
  });

  it('reports progress for each object as it starts and ends', async () => {
    const steps: PivReadProgress[] = [];
    await readPivCard(channel(piv), { pin: piv.pin, onProgress: (p) => steps.push(p) });
    expect(steps.map((s) => `${s.step}:${s.state}`)).toEqual([
      'select:started', 'select:done',
      'chuid:started', 'chuid:done',
      'pivAuthenticationCert:started', 'pivAuthenticationCert:done',
      'cardAuthenticationCert:started', 'cardAuthenticationCert:done',
      'pin:started', 'pin:done',
      'fingerprints:started', 'fingerprints:done',
    ]);
    expect(steps.find((s) => s.step === 'chuid' && s.state === 'done')?.bytes).toBe(piv.objects.get(PIV_OBJECT_TAGS.chuid)!.length);
  });

  it('reads a PIV-I card with compressed certificates and no card authentication certificate', async () => {
    const steps: string[] = [];
    const read = await readPivCard(channel(pivI), { onProgress: (p) => steps.push(`${p.step}:${p.state}`) });
    expect(read.kind).toBe('piv-i');
    expect(read.fascn.formatted).toBe('9999-9999-999999-011234567890300001');
    expect(read.duns).toBe('123456789');
    expect(read.pivAuthenticationCert).toMatchObject({ base64: b64(pivI.certificates.pivAuthentication), compressedOnCard: true });
    expect(read.cardAuthenticationCert).toBeUndefined();
    expect(steps).toContain('cardAuthenticationCert:absent');
    expect(read.fingerprintsRead).toBe(false);
    expect(steps.some((s) => s.startsWith('pin') || s.startsWith('fingerprints'))).toBe(false);
  });

  it('needs GET RESPONSE with short APDUs and none with extended lengths, for the same result', async () => {
    const short = counting(channel(piv));
    const extended = counting(channel(piv));
    const a = await readPivCard(short, { pin: piv.pin, apduLength: 'short' });
    const b = await readPivCard(extended, { pin: piv.pin, apduLength: 'extended' });
    expect(b).toEqual(a);
    expect(short.ins.filter((i) => i === 0xc0).length).toBeGreaterThan(3);
    expect(extended.ins.filter((i) => i === 0xc0)).toEqual([]);
  });

  it('says how many tries are left after a wrong PIN', async () => {
    await expect(readPivCard(channel(piv), { pin: '999999' })).rejects.toMatchObject({
      code: 'pin-incorrect',
      message: 'The PIN was wrong: 4 tries left before it blocks',
    });
  });

  it('says plainly when the card is not a PIV card', async () => {
    await expect(readPivCard(channel(piv, { notPiv: true }))).rejects.toMatchObject({
      code: 'not-piv',
      message: 'This card is not a PIV card: it has no PIV application (SELECT answered 6A82 (file or application not found))',
    });
  });

  it('reports a CHUID cut short as truncated and one with a broken TLV as malformed', async () => {
    await expect(readPivCard(channel(piv, { truncateObject: PIV_OBJECT_TAGS.chuid }))).rejects.toMatchObject({
      code: 'truncated-response',
      message: expect.stringMatching(/^CHUID: tag 53 declares \d+ bytes but only \d+ remain/),
    });
    await expect(readPivCard(channel(piv, { malformObject: PIV_OBJECT_TAGS.chuid }))).rejects.toMatchObject({
      code: 'malformed-data',
      message: 'CHUID: tag 30 uses an indefinite length, which PIV does not allow (at byte 0 of ' + piv.objects.get(PIV_OBJECT_TAGS.chuid)!.length + ')',
    });
    await expect(readPivCard(channel(piv, { truncateObject: PIV_OBJECT_TAGS.pivAuthenticationCert }))).rejects.toMatchObject({
      message: expect.stringMatching(/^PIV Authentication certificate: tag 53 declares/),
    });
  });

  it('reports a response without a status word as truncated', async () => {
    await expect(readPivCard(channel(piv, { cutAnswer: 2 }))).rejects.toMatchObject({
      code: 'truncated-response',
      message: 'The card answered 1 byte(s), too short to hold a status word',
    });
  });

  it('reports a card pulled out mid-read as removed', async () => {
    await expect(readPivCard(channel(piv, { removeAfterCommands: 3 }))).rejects.toMatchObject({ code: 'card-removed' });
  });

  it('refuses a card whose CHUID is missing', async () => {
    const noChuid: VirtualCardProfile = { ...piv, objects: new Map([...piv.objects].filter(([tag]) => tag !== PIV_OBJECT_TAGS.chuid)) };
    await expect(readPivCard(channel(noChuid))).rejects.toMatchObject({
      code: 'malformed-data',
      message: 'The card has no CHUID, which every PIV card must hold',
    });
  });
});
