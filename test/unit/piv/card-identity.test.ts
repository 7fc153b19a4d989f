import { beforeAll, describe, expect, it } from 'vitest';
import { authenticateCardOn, identifyCard, type CardCheck } from '../../../electron/core/piv/sign-in';
import { CardReaders } from '../../../electron/core/enrolment/card-readers';
import { checkRead } from '../../../electron/core/enrolment/card-preview';
import { readPivCard } from '../../../electron/core/piv/read-card';
import { DemoPivReader } from '../../../electron/shells/compose/demo-reader';
import {
  createTestAuthority,
  demoCardAuthority,
  inProcessChannel,
  issueVirtualCard,
  VirtualPivCard,
  type VirtualCardProfile,
} from '../../../electron/simulator/piv-card/index';
import { CHUID_TAGS, PIV_OBJECT_TAGS } from '../../../shared/piv/card/card-objects';
import { encodeFascn, fascnFromDigits } from '../../../shared/piv/card/fascn';
import { fromHex, toHex } from '../../../shared/piv/card/hex';
import { readTlvList } from '../../../shared/piv/card/tlv';

/**
 * Who a card is comes from its PIV Authentication certificate, never from its CHUID alone: cards made
 * as an attacker at the desk would make them, each with its own genuine key, PIN and certificate from
 * the CA the desk trusts, and a CHUID that claims someone else. Each is refused with its reason before
 * any PIN try is spent; the genuine cards still prove themselves.
 */

const PIN = '24681357';
const SUPERVISOR_FASCN = '4700-0256-000001-111234567890199991';
const ATTACKER_FASCN = '4700-0256-009999-111234567890199991';

/** The card with one of its objects replaced (what anyone with a card writer can do to a card they hold). */
function withObject(profile: VirtualCardProfile, tag: number, object: Uint8Array): VirtualPivCard {
  const objects = new Map(profile.objects);
  objects.set(tag, object);
  return new VirtualPivCard({ ...profile, objects });
}

/** The CHUID with its FASC-N element's value replaced, its signature left as it was (so broken). */
function chuidWithFascn(chuid: Uint8Array, fascnDigits: string): Uint8Array {
  const element = readTlvList(chuid, 'CHUID').find((e) => e.tag === CHUID_TAGS.fascn)!;
  const copy = chuid.slice();
  copy.set(encodeFascn(fascnFromDigits(fascnDigits.replace(/-/g, ''))), element.end - element.value.length);
  return copy;
}

describe('a card is who its certificate says', () => {
  let supervisor: VirtualCardProfile;
  let anchors: Uint8Array[];
  const check = (): CardCheck => ({ pin: PIN, anchors, revoked: [] });
  const triesLeft = (card: VirtualPivCard) => {
    card.reset();
    card.respond(fromHex('00A4040009A0000003080000100000'));
    return toHex(card.respond(fromHex('00200080'))!);
  };
  const refusal = async (card: VirtualPivCard) => {
    const error = await authenticateCardOn(inProcessChannel(card), check()).then(
      () => undefined,
      (e: unknown) => e as { code: string; reason: string; message: string; card?: { subject: string; serial: string } },
    );
    expect(error, 'the card was let in').toBeDefined();
    // No refusal here may cost the card's holder a PIN try: every check comes before the PIN.
    expect(triesLeft(card)).toBe('63C5');
    return error!;
  };

  beforeAll(async () => {
    supervisor = await issueVirtualCard({ pin: PIN, fascn: SUPERVISOR_FASCN, holder: 'Sam Supervisor' });
    anchors = [(await demoCardAuthority()).certificate.der];
  });

  it('refuses a FASC-N written into the CHUID only: the certificate names the card UUID alone', async () => {
    const own = await issueVirtualCard({ pin: PIN, fascn: ATTACKER_FASCN, holder: 'Mal Actor', certificateNames: { fascn: false, uuid: true } });
    const forged = withObject(own, PIV_OBJECT_TAGS.chuid, chuidWithFascn(own.objects.get(PIV_OBJECT_TAGS.chuid)!, SUPERVISOR_FASCN));
    const error = await refusal(forged);
    expect(error).toMatchObject({ code: 'card', reason: 'chuid-mismatch', card: { subject: expect.stringMatching(/^CN=Mal Actor/) } });
    expect(error.message).toBe("This card's CHUID names credential 4700-000001, which its certificate does not carry: the CHUID was copied");
  });

  it('refuses a UUID-only certificate with a CHUID copied from another card', async () => {
    const own = await issueVirtualCard({ pin: PIN, fascn: ATTACKER_FASCN, holder: 'Mal Actor', certificateNames: { fascn: false, uuid: true } });
    const error = await refusal(withObject(own, PIV_OBJECT_TAGS.chuid, supervisor.objects.get(PIV_OBJECT_TAGS.chuid)!));
    expect(error).toMatchObject({ reason: 'chuid-mismatch' });
  });

  it('refuses a certificate with no subjectAltName, whatever its CHUID says', async () => {
    const own = await issueVirtualCard({ pin: PIN, holder: 'Mal Actor', certificateNames: { fascn: false, uuid: false } });
    const error = await refusal(withObject(own, PIV_OBJECT_TAGS.chuid, supervisor.objects.get(PIV_OBJECT_TAGS.chuid)!));
    expect(error).toMatchObject({ reason: 'no-card-id', card: { subject: expect.stringMatching(/^CN=Mal Actor/), serial: expect.stringMatching(/^[0-9A-F]+$/) } });
    expect(error.message).toMatch(/^This card's certificate names no card \(no FASC-N and no card UUID/);
  });

  it('refuses a CHUID signed by a content signer from a CA the desk does not trust', async () => {
    const own = await issueVirtualCard({ pin: PIN, fascn: ATTACKER_FASCN, contentSignerAuthority: await createTestAuthority('Back Room Signer') });
    const error = await refusal(new VirtualPivCard(own));
    expect(error).toMatchObject({ reason: 'chuid-signature' });
    expect(error.message).toBe("This card's CHUID was signed by CN=Gatehouse Test Content Signer, O=Gatehouse Test, C=US, which this desk does not trust");
  });

  it('refuses a CHUID whose signature is broken', async () => {
    const own = await issueVirtualCard({ pin: PIN, fascn: ATTACKER_FASCN });
    const chuid = own.objects.get(PIV_OBJECT_TAGS.chuid)!;
    const date = readTlvList(chuid, 'CHUID').find((e) => e.tag === CHUID_TAGS.expirationDate)!;
    const altered = chuid.slice();
    altered[date.end - 1] = altered[date.end - 1] === 0x31 ? 0x32 : 0x31;
    const error = await refusal(withObject(own, PIV_OBJECT_TAGS.chuid, altered));
    expect(error).toMatchObject({ reason: 'chuid-signature', message: "This card's CHUID signature does not verify: the CHUID was altered after its issuer signed it" });
  });

  it('refuses a certificate and a CHUID that name different cards', async () => {
    const own = await issueVirtualCard({ pin: PIN, fascn: ATTACKER_FASCN, holder: 'Mal Actor' });
    const error = await refusal(withObject(own, PIV_OBJECT_TAGS.chuid, supervisor.objects.get(PIV_OBJECT_TAGS.chuid)!));
    expect(error).toMatchObject({ reason: 'chuid-mismatch', message: "This card's CHUID names another card than its certificate (their FASC-Ns differ): it was copied" });
  });

  it('names a genuine card by the identifier its certificate carries: the FASC-N, else the card UUID', async () => {
    const proof = await authenticateCardOn(inProcessChannel(new VirtualPivCard(supervisor)), check());
    expect(proof.cardId).toBe(toHex(encodeFascn(fascnFromDigits(SUPERVISOR_FASCN.replace(/-/g, '')))));
    const uuidOnly = await issueVirtualCard({ kind: 'piv-i', pin: PIN, certificateNames: { fascn: false, uuid: true } });
    const pivI = await authenticateCardOn(inProcessChannel(new VirtualPivCard(uuidOnly)), check());
    expect(pivI.cardId).toBe(toHex(uuidOnly.guid));
    expect(pivI.label).toMatch(/^PIV · card [0-9a-f]{8}-/);
  });

  it('links a card by the same checks, without its PIN: a forged card cannot be linked either', async () => {
    const demo = new DemoPivReader();
    const cards = new CardReaders({ demo: { reader: demo, slot: { insert: async () => {}, remove: () => demo.remove() }, controls: () => true }, pcsc: false }, () => {});
    const own = await issueVirtualCard({ pin: PIN, fascn: ATTACKER_FASCN });
    demo.insert(withObject(own, PIV_OBJECT_TAGS.chuid, supervisor.objects.get(PIV_OBJECT_TAGS.chuid)!));
    await expect(identifyCard({ cards, anchors, revoked: [] })).rejects.toMatchObject({ reason: 'chuid-mismatch' });
    demo.insert(new VirtualPivCard(supervisor));
    await expect(identifyCard({ cards, anchors, revoked: [] })).resolves.toMatchObject({ label: 'PIV · agency 4700 · card 000001', reader: DemoPivReader.READER_NAME });
    await cards.close();
  });

  it('does not enrol a card whose CHUID is not its certificate’s own, or whose CHUID signature fails', async () => {
    const own = await issueVirtualCard({ pin: PIN, fascn: ATTACKER_FASCN });
    const genuine = checkRead(await readPivCard(inProcessChannel(new VirtualPivCard(own))), '9.40');
    expect(genuine.preview.problems).toEqual([]);
    expect(genuine.enrolment).toBeDefined();
    const copied = checkRead(await readPivCard(inProcessChannel(withObject(own, PIV_OBJECT_TAGS.chuid, supervisor.objects.get(PIV_OBJECT_TAGS.chuid)!))), '9.40');
    expect(copied.enrolment).toBeUndefined();
    expect(copied.preview.problems).toEqual([{ field: 'pivData.chuid', message: "This card's CHUID names another card than its certificate (their FASC-Ns differ): it was copied" }]);
    const altered = checkRead(await readPivCard(inProcessChannel(withObject(own, PIV_OBJECT_TAGS.chuid, chuidWithFascn(own.objects.get(PIV_OBJECT_TAGS.chuid)!, ATTACKER_FASCN.replace('009999', '009998'))))), '9.40');
    expect(altered.enrolment).toBeUndefined();
    expect(altered.preview.problems.map((p) => p.message)).toContain('The CHUID signature does not verify: the CHUID was altered, so its card number cannot be trusted');
  });
});
