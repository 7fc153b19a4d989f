import { beforeAll, describe, expect, it } from 'vitest';
import { CardReaders } from '../../../electron/core/enrolment/card-readers';
import { authenticateCard, authenticateCardOn, identifyCard, type CardCheck } from '../../../electron/core/piv/sign-in';
import { certificateCardIds } from '../../../electron/core/piv/sign-in/certificate-identity';
import { DemoPivReader } from '../../../electron/shells/compose/demo-reader';
import {
  createTestAuthority,
  demoCardAuthority,
  inProcessChannel,
  issueVirtualCard,
  VirtualPivCard,
  type VirtualCardProfile,
} from '../../../electron/simulator/piv-card/index';
import { PIV_OBJECT_TAGS } from '../../../shared/piv/card/card-objects';
import { fromHex, toHex } from '../../../shared/piv/card/hex';
import { encodeFascn, fascnFromDigits } from '../../../shared/piv/card/fascn';

/**
 * Signing in with a PIV card over the virtual card, byte for byte: each way a card is refused, with
 * the words the guard sees, and that refusals before the PIN never spend a PIN try.
 */

const PIN = '24681357';
const WRONG = '11112222';
const FASCN = '4700-0256-001337-111234567890199991';

describe('authenticateCard', () => {
  let good: VirtualCardProfile;
  let anchors: Uint8Array[];
  beforeAll(async () => {
    good = await issueVirtualCard({ pin: PIN, fascn: FASCN, holder: 'Grace Guard' });
    anchors = [(await demoCardAuthority()).certificate.der];
  });
  const check = (overrides: Partial<CardCheck> = {}): CardCheck => ({ pin: PIN, anchors, revoked: [], ...overrides });
  const triesLeft = (card: VirtualPivCard) => {
    card.reset();
    card.respond(fromHex('00A4040009A0000003080000100000'));
    return toHex(card.respond(fromHex('00200080'))!);
  };

  it('proves a good card: its id is the FASC-N, and it says whose card it is and until when', async () => {
    const proof = await authenticateCardOn(inProcessChannel(new VirtualPivCard(good)), check());
    expect(proof.cardId).toBe(toHex(encodeFascn(fascnFromDigits(FASCN.replace(/-/g, '')))));
    expect(proof.label).toBe('PIV · agency 4700 · card 001337');
    expect(proof.subject).toMatch(/^CN=Grace Guard, OU=Visitors/);
    expect(new Date(proof.expiresAt).toISOString().slice(0, 10)).toBe(good.expirationDate);
    expect(proof.serial).toMatch(/^[0-9A-F]+$/);
  });

  it('reads the FASC-N and card UUID the certificate names in its subjectAltName', async () => {
    expect(await certificateCardIds(good.certificates.pivAuthentication)).toEqual({
      fascnHex: toHex(encodeFascn(fascnFromDigits(FASCN.replace(/-/g, '')))),
      guidHex: toHex(good.guid),
    });
  });

  it('names a PIV-I card (no-credential FASC-N) by its card UUID', async () => {
    const pivI = await issueVirtualCard({ kind: 'piv-i', pin: PIN });
    const proof = await authenticateCardOn(inProcessChannel(new VirtualPivCard(pivI)), check());
    expect(proof.cardId).toBe(toHex(pivI.guid));
    expect(proof.label).toMatch(/^PIV-I · card [0-9a-f]{8}-/);
  });

  it('says how many tries are left after a wrong PIN, and that the card locked after five', async () => {
    const card = new VirtualPivCard(good);
    const attempt = () => authenticateCardOn(inProcessChannel(card), check({ pin: WRONG }));
    await expect(attempt()).rejects.toMatchObject({ code: 'card', message: 'Wrong PIN: 4 tries left before the card locks' });
    await expect(attempt()).rejects.toMatchObject({ message: 'Wrong PIN: 3 tries left before the card locks' });
    await expect(attempt()).rejects.toMatchObject({ message: 'Wrong PIN: 2 tries left before the card locks' });
    await expect(attempt()).rejects.toMatchObject({ message: 'Wrong PIN: 1 try left before the card locks' });
    await expect(attempt()).rejects.toMatchObject({ message: 'Wrong PIN: the card is now locked after too many wrong PINs' });
    // The card decides: even the right PIN is refused now.
    await expect(authenticateCardOn(inProcessChannel(card), check())).rejects.toMatchObject({
      code: 'card',
      message: 'The card is locked after too many wrong PINs: its issuer can unblock it',
    });
  });

  it('refuses an expired card with the date, before spending a PIN try', async () => {
    const expired = await issueVirtualCard({ pin: PIN, expirationDate: new Date('2026-05-03T12:00:00Z') });
    const card = new VirtualPivCard(expired);
    await expect(authenticateCardOn(inProcessChannel(card), check({ pin: WRONG, now: new Date('2026-11-27T12:00:00Z') }))).rejects.toMatchObject({
      code: 'card',
      message: "This card's certificate expired on 3 May 2026",
    });
    expect(triesLeft(card)).toBe('63C5');
  });

  it('refuses a card from a CA the desk does not trust, and any card when it trusts none', async () => {
    const elsewhere = await issueVirtualCard({ pin: PIN, authority: await createTestAuthority('Elsewhere PIV Root') });
    const card = new VirtualPivCard(elsewhere);
    await expect(authenticateCardOn(inProcessChannel(card), check())).rejects.toMatchObject({
      code: 'card',
      message: 'This card was issued by CN=Elsewhere PIV Root, O=Gatehouse Test, C=US, which this desk does not trust',
    });
    expect(triesLeft(card)).toBe('63C5');
    await expect(authenticateCardOn(inProcessChannel(new VirtualPivCard(good)), check({ anchors: [] }))).rejects.toMatchObject({
      message: expect.stringMatching(/^This desk trusts no card issuer yet/),
    });
    // Trusting that CA lets the card in.
    await expect(authenticateCardOn(inProcessChannel(card), check({ anchors: [elsewhere.issuerCertificate] }))).resolves.toMatchObject({
      subject: expect.stringMatching(/^CN=Test Visitor/),
    });
  });

  it('refuses a card the installer revoked, by card id or by certificate serial', async () => {
    const { cardId, serial } = await authenticateCardOn(inProcessChannel(new VirtualPivCard(good)), check());
    for (const revoked of [[{ cardId: cardId.toLowerCase() }], [{ serial: `00${serial}` }]]) {
      await expect(authenticateCardOn(inProcessChannel(new VirtualPivCard(good)), check({ revoked }))).rejects.toMatchObject({
        code: 'card',
        message: 'This card was revoked at this desk',
      });
    }
    await expect(authenticateCardOn(inProcessChannel(new VirtualPivCard(good)), check({ revoked: [{ serial: '01' }, { cardId: 'AB' }] }))).resolves.toBeTruthy();
  });

  it('refuses a card whose key does not match its certificate: it fails the challenge', async () => {
    const copied = await issueVirtualCard({ pin: PIN, keyMatchesCertificate: false });
    await expect(authenticateCardOn(inProcessChannel(new VirtualPivCard(copied)), check())).rejects.toMatchObject({
      code: 'card',
      message: 'The card did not prove it holds its key: its answer does not match its certificate',
    });
  });

  it('refuses a certificate that names another card than the CHUID does (copied from another card)', async () => {
    const other = await issueVirtualCard({ pin: PIN, fascn: '4700-0256-004242-111234567890199991' });
    const objects = new Map(good.objects);
    objects.set(PIV_OBJECT_TAGS.pivAuthenticationCert, other.objects.get(PIV_OBJECT_TAGS.pivAuthenticationCert)!);
    const mixed: VirtualCardProfile = { ...good, objects, pivAuthenticationKey: other.pivAuthenticationKey };
    await expect(authenticateCardOn(inProcessChannel(new VirtualPivCard(mixed)), check())).rejects.toMatchObject({
      code: 'card',
      reason: 'chuid-mismatch',
      message: "This card's CHUID names another card than its certificate (their FASC-Ns differ): it was copied",
    });
  });

  it('never puts the PIN in an error', async () => {
    const errors = await Promise.all(
      [check({ pin: WRONG }), check({ pin: WRONG, anchors: [] }), check({ pin: WRONG, revoked: [{ serial: '1' }] })].map((c) =>
        authenticateCardOn(inProcessChannel(new VirtualPivCard(good)), c).then(
          () => undefined,
          (e: Error) => e,
        ),
      ),
    );
    for (const error of errors) {
      expect(error).toBeInstanceOf(Error);
      expect(`${error!.message} ${error!.stack}`).not.toContain(WRONG);
    }
  });

  it('signs in through the desk\'s card readers with the card in the demo reader', async () => {
    const demo = new DemoPivReader();
    const cards = new CardReaders({ demo: { reader: demo, slot: { insert: async () => {}, remove: () => demo.remove() }, controls: () => true }, pcsc: false }, () => {});
    await expect(authenticateCard({ cards, pin: PIN, anchors, revoked: [] })).rejects.toMatchObject({ code: 'card', message: 'There is no card in any reader: insert one' });
    demo.insert(new VirtualPivCard(good));
    const proof = await authenticateCard({ cards, reader: DemoPivReader.READER_NAME, pin: PIN, anchors, revoked: [] });
    expect(proof.label).toBe('PIV · agency 4700 · card 001337');
    // Linking a card names it with the same checks and no PIN: it spends no PIN try.
    await expect(identifyCard({ cards, anchors, revoked: [] })).resolves.toEqual(proof);
    await expect(identifyCard({ cards, anchors: [], revoked: [] })).rejects.toMatchObject({ message: expect.stringMatching(/^This desk trusts no card issuer yet/) });
    await cards.close();
  });
});
