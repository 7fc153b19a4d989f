import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PivReaderService, type ReaderEvent } from '../../electron/core/piv/reader-service';
import { buildEnrolment } from '../../electron/core/piv/enrolment';
import { PIV_OBJECT_TAGS } from '../../shared/piv/card/card-objects';
import { issueVirtualCard, VirtualPivCard, type VirtualCardProfile } from '../../electron/simulator/piv-card/index';
import { skipReason, startPcscStack, VPCD_READER_NAMES, type RunningStack } from './support/pcsc-stack';
import { insertCard } from './support/virtual-cards';

const skip = skipReason();
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

describe.skipIf(skip !== null)(`reading virtual cards through pcscd and vpcd${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let stack: RunningStack;
  let service: PivReaderService;
  let piv: VirtualCardProfile;
  let pivI: VirtualCardProfile;

  beforeAll(async () => {
    stack = await startPcscStack();
    service = await PivReaderService.open();
    piv = await issueVirtualCard({ kind: 'piv', holder: 'Reception Visitor' });
    pivI = await issueVirtualCard({ kind: 'piv-i', compressCertificates: true });
  });

  afterAll(async () => {
    await service?.close();
    await stack?.stop();
  });

  it('lists both vpcd readers, empty', () => {
    const names = service.listReaders().map((r) => r.name);
    for (const name of VPCD_READER_NAMES) expect(names).toContain(name);
    expect(service.listReaders().every((r) => !r.cardPresent)).toBe(true);
  });

  it('reports a card going in and coming out', async () => {
    const events: ReaderEvent[] = [];
    const stop = service.onEvent((e) => events.push(e));
    const card = await insertCard(stack, service, new VirtualPivCard(piv), 0);
    await card.remove();
    stop();
    expect(events.map((e) => e.type)).toEqual(['card-inserted', 'card-removed']);
    expect(events[0]).toMatchObject({ reader: { name: VPCD_READER_NAMES[0], cardPresent: true, atr: expect.stringMatching(/^3B/) } });
  });

  it('reads a PIV card end to end, fingerprints included after the PIN, and builds its enrolment', async () => {
    const card = await insertCard(stack, service, new VirtualPivCard(piv), 0);
    try {
      const steps: string[] = [];
      const read = await service.readCard(card.reader, { pin: piv.pin, onProgress: (p) => steps.push(`${p.step}:${p.state}`) });
      expect(read).toMatchObject({
        kind: 'piv',
        reader: VPCD_READER_NAMES[0],
        fascn: { digits: piv.fascnDigits, formatted: '4700-0256-001337-111234567890199991' },
        expirationDate: piv.expirationDate,
        chuidSignatureValid: true,
        fingerprintsRead: true,
        fingerprints: b64(piv.fingerprintStructure!),
      });
      expect(read.pivAuthenticationCert.base64).toBe(b64(piv.certificates.pivAuthentication));
      expect(read.cardAuthenticationCert?.base64).toBe(b64(piv.certificates.cardAuthentication!));
      expect(read.contentSigningCert.base64).toBe(b64(piv.certificates.contentSigner));
      expect(steps).toContain('fingerprints:done');
      const enrolment = buildEnrolment(read, '8.60');
      expect(enrolment.number).toBe(piv.fascnDigits);
      expect(enrolment.pivData.chuid.fascn).toBe(piv.fascnDigits);
    } finally {
      await card.remove();
    }
  });

  it('reads a PIV-I card with compressed certificates from the second reader, using extended APDUs', async () => {
    const card = await insertCard(stack, service, new VirtualPivCard(pivI), 1);
    try {
      const read = await service.readCard(undefined, { apduLength: 'extended' });
      expect(read).toMatchObject({ kind: 'piv-i', reader: VPCD_READER_NAMES[1], duns: '123456789', fingerprintsRead: false });
      expect(read.pivAuthenticationCert).toMatchObject({ base64: b64(pivI.certificates.pivAuthentication), compressedOnCard: true });
      const enrolment = buildEnrolment(read, '9.40');
      expect(enrolment.number).toBe(BigInt(`0x${Buffer.from(pivI.guid).toString('hex')}`).toString());
      expect(enrolment.number).not.toBe(read.fascn.digits);
    } finally {
      await card.remove();
    }
  });

  it('says the card was removed when it leaves the reader mid-read', async () => {
    const card = await insertCard(stack, service, new VirtualPivCard(piv, { removeAfterCommands: 5 }), 0);
    await expect(service.readCard(card.reader)).rejects.toMatchObject({
      code: 'card-removed',
      message: `The card was removed from ${VPCD_READER_NAMES[0]} during the read`,
    });
    await card.remove();
  });

  it('says plainly that a card without the PIV application is not a PIV card', async () => {
    const card = await insertCard(stack, service, new VirtualPivCard(piv, { notPiv: true }), 0);
    try {
      await expect(service.readCard(card.reader)).rejects.toMatchObject({ code: 'not-piv', message: expect.stringMatching(/^This card is not a PIV card/) });
    } finally {
      await card.remove();
    }
  });

  it('gives clear errors for a malformed CHUID and a truncated certificate read through PC/SC', async () => {
    const malformed = await insertCard(stack, service, new VirtualPivCard(piv, { malformObject: PIV_OBJECT_TAGS.chuid }), 0);
    try {
      await expect(service.readCard(malformed.reader)).rejects.toMatchObject({
        code: 'malformed-data',
        message: expect.stringMatching(/^CHUID: tag 30 uses an indefinite length/),
      });
    } finally {
      await malformed.remove();
    }
    const truncated = await insertCard(stack, service, new VirtualPivCard(piv, { truncateObject: PIV_OBJECT_TAGS.pivAuthenticationCert }), 0);
    try {
      await expect(service.readCard(truncated.reader)).rejects.toMatchObject({
        code: 'truncated-response',
        message: expect.stringMatching(/^PIV Authentication certificate: tag 53 declares \d+ bytes but only \d+ remain/),
      });
    } finally {
      await truncated.remove();
    }
  });

  it('says an answer without a status word is truncated', async () => {
    const card = await insertCard(stack, service, new VirtualPivCard(piv, { cutAnswer: 2 }), 0);
    try {
      await expect(service.readCard(card.reader)).rejects.toMatchObject({
        code: 'truncated-response',
        message: 'The card answered 1 byte(s), too short to hold a status word',
      });
    } finally {
      await card.remove();
    }
  });

  it('says there is no card when asked to read an empty reader', async () => {
    await expect(service.readCard(VPCD_READER_NAMES[1])).rejects.toMatchObject({ code: 'no-card' });
  });
});
