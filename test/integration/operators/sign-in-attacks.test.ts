import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Desk } from '../../../electron/core/desk';
import { SqliteOutboxStore } from '../../../electron/core/enrolment/outbox-sqlite-store';
import { openDeskRecords, type DeskRecords } from '../../../electron/core/offline/desk-records';
import { fixedSite } from '../../../electron/core/site-source';
import { DemoPivReader } from '../../../electron/shells/compose/demo-reader';
import type { RunningSimulator } from '../../../electron/simulator/index';
import { demoCardAuthority, issueVirtualCard, VirtualPivCard, type VirtualCardProfile } from '../../../electron/simulator/piv-card/index';
import type { CardholderMatch } from '../../../shared/contract/directory';
import type { ConnectionState } from '../../../shared/domain';
import { CHUID_TAGS, PIV_OBJECT_TAGS } from '../../../shared/piv/card/card-objects';
import { encodeFascn, fascnFromDigits } from '../../../shared/piv/card/fascn';
import { fromHex, toHex } from '../../../shared/piv/card/hex';
import { readTlvList } from '../../../shared/piv/card/tlv';
import { control, deskConfigFor, eventually, startTestSite } from '../support/site';

/**
 * The desk as an attacker at it would try it: a genuine card of their own from the CA the desk trusts,
 * made to claim the supervisor's identity every way a card can, then a page script guessing PINs. A
 * whole desk on the simulator, with its local store and the demo reader; every refusal must be in the
 * audit log with its reason and card, and nothing may reach the server in the supervisor's name.
 */

const PIN = '24681357';
const SUPERVISOR_FASCN = '4700-0256-000001-111234567890199991';

let site: RunningSimulator;
let dir: string;
let desk: Desk;
let records: DeskRecords;
let reader: DemoPivReader;
let supervisorCard: VirtualCardProfile;
let attackerCard: VirtualCardProfile;
let sam: CardholderMatch;
let mal: CardholderMatch;

function openDesk(): Desk {
  records = openDeskRecords({ dir, desk: 'reception desk' });
  reader = new DemoPivReader();
  const d = new Desk({
    sites: fixedSite(deskConfigFor(site)),
    records,
    enrolment: {
      demo: { reader, slot: { insert: async () => {}, remove: () => reader.remove() }, controls: () => true },
      pcsc: false,
      outbox: new SqliteOutboxStore(records.store, () => Promise.reject(new Error('no enrolment in this test'))),
    },
  });
  return d;
}

async function started(d: Desk): Promise<void> {
  const phases: ConnectionState[] = [];
  d.on('connection', (s) => phases.push(s));
  await d.start();
  await eventually(() => phases.find((p) => p.phase === 'connected'), 'connected');
}

function withChuid(profile: VirtualCardProfile, chuid: Uint8Array): VirtualPivCard {
  const objects = new Map(profile.objects);
  objects.set(PIV_OBJECT_TAGS.chuid, chuid);
  return new VirtualPivCard({ ...profile, objects });
}

const triesLeft = (card: VirtualPivCard) => {
  card.reset();
  card.respond(fromHex('00A4040009A0000003080000100000'));
  return toHex(card.respond(fromHex('00200080'))!);
};

beforeAll(async () => {
  site = await startTestSite();
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-sign-in-attacks-'));
  supervisorCard = await issueVirtualCard({ pin: PIN, fascn: SUPERVISOR_FASCN, holder: 'Sam Supervisor' });
  // The attacker's own genuine card: own key, own PIN, certificate from the trusted CA naming only its card UUID.
  attackerCard = await issueVirtualCard({ kind: 'piv-i', pin: PIN, holder: 'Mal Actor', certificateNames: { fascn: false, uuid: true } });
  desk = openDesk();
  await started(desk);
  const authority = await demoCardAuthority();
  await desk.handle('signInTrust.addAnchor', { fileName: 'issuer.der', fileBase64: Buffer.from(authority.certificate.der).toString('base64') });
  const people = (await desk.handle('cardholders.search', { name: 'a' })).matches;
  [sam, mal] = [people[0]!, people[1]!];
  reader.insert(new VirtualPivCard(supervisorCard));
  await desk.handle('operators.add', { cardholder: sam, role: 'supervisor', linkCard: true, deskPin: '2468' });
  reader.insert(new VirtualPivCard(attackerCard));
  await desk.handle('operators.add', { cardholder: mal, role: 'operator', linkCard: true, deskPin: '1357' });
  await desk.handle('operator.signOut', {});
}, 60_000);

afterAll(async () => {
  await desk?.stop();
  await site?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('an attacker with a genuine card of their own', () => {
  it('cannot sign in as the supervisor by any CHUID, and each try is refused with its reason and card in the audit log', async () => {
    const supervisorChuid = supervisorCard.objects.get(PIV_OBJECT_TAGS.chuid)!;
    const ownChuid = attackerCard.objects.get(PIV_OBJECT_TAGS.chuid)!;
    const fascn = readTlvList(ownChuid, 'CHUID').find((e) => e.tag === CHUID_TAGS.fascn)!;
    const edited = ownChuid.slice();
    edited.set(encodeFascn(fascnFromDigits(SUPERVISOR_FASCN.replace(/-/g, ''))), fascn.end - fascn.value.length);
    const noSan = await issueVirtualCard({ pin: PIN, holder: 'Mal Actor', certificateNames: { fascn: false, uuid: false } });

    const tries: [string, VirtualPivCard, string][] = [
      ['FASC-N written into the CHUID only', withChuid(attackerCard, edited), 'chuid-mismatch'],
      ['the supervisor’s CHUID copied', withChuid(attackerCard, supervisorChuid), 'chuid-mismatch'],
      ['a certificate with no subjectAltName', withChuid(noSan, supervisorChuid), 'no-card-id'],
    ];
    const seqBefore = records.audit.matching({}).length;
    for (const [what, card, reason] of tries) {
      reader.insert(card);
      const error = await desk.handle('operator.signInWithCard', { pin: PIN }).then(
        () => undefined,
        (e: unknown) => e as { code: string; message: string },
      );
      expect([what, error?.code]).toEqual([what, 'card']);
      expect(desk.operators.current(), what).toBeUndefined();
      expect(triesLeft(card), what).toBe('63C5');
      const entry = records.audit.matching({ kinds: ['operator.signedIn'] })[0]!;
      expect([what, entry.action]).toEqual([
        what,
        expect.objectContaining({ method: 'card', outcome: 'refused', reason, cardSerial: expect.stringMatching(/^[0-9A-F]+$/), outcomeText: error!.message }),
      ]);
      expect(entry.desk).toBe('reception desk');
    }
    expect(records.audit.matching({}).length - seqBefore).toBe(tries.length);

    // Nothing was sent in the supervisor's name, and the desk stays locked.
    const door = (await desk.handle('board.get', {})).items.find((i) => i.kind === 'door')!;
    await expect(desk.handle('item.command', { href: door.href, command: 'open' })).rejects.toMatchObject({ code: 'signed-out' });
    expect((await control.events(site)).filter((e) => e.type === 'override')).toEqual([]);

    // The attacker's own card, unaltered, signs them in as themselves, and overrides carry their name.
    reader.insert(new VirtualPivCard(attackerCard));
    await desk.handle('operator.signInWithCard', { pin: PIN });
    expect(desk.operators.current()?.name).toBe(mal.name);
    await desk.handle('item.command', { href: door.href, command: 'open' });
    expect((await control.events(site)).filter((e) => e.type === 'override').map((e) => e.requestedBy)).toEqual([mal.id]);
    await desk.handle('operator.signOut', {});

    // Three refusals in a row: the desk shows them until a signed-in operator has seen them.
    expect((await desk.handle('operator.session', {})).refusals).toMatchObject({ count: 3 });
    reader.insert(new VirtualPivCard(supervisorCard));
    await desk.handle('operator.signInWithCard', { pin: PIN });
    expect(desk.operators.current()?.name).toBe(sam.name);
    expect((await desk.handle('operator.refusalsSeen', {})).refusals).toBeUndefined();
    await desk.handle('operator.signOut', {});
    expect(records.audit.check().ok).toBe(true);
  });

  it('cannot burn a card’s PIN tries from a page script: one check at a time, two wrong PINs per insertion, then a wait', async () => {
    const card = new VirtualPivCard(supervisorCard);
    reader.insert(card);
    // A burst of wrong PINs, as a script would send them: one is checked at a time, so one reaches the card.
    const burst = await Promise.allSettled(Array.from({ length: 8 }, () => desk.handle('operator.signInWithCard', { pin: '11112222' })));
    expect(burst.every((r) => r.status === 'rejected')).toBe(true);
    expect(triesLeft(card)).toBe('63C4');
    for (let i = 0; i < 4; i++) await desk.handle('operator.signInWithCard', { pin: '11112222' }).catch(() => undefined);
    expect(triesLeft(card)).toBe('63C3');
    await expect(desk.handle('operator.signInWithCard', { pin: PIN })).rejects.toMatchObject({ message: expect.stringMatching(/take it out of the reader and put it back/) });
    // Only a person takes the card out and puts it back; after the wait, two more tries, and the card keeps its last.
    reader.remove();
    reader.insert(card);
    const refusals = records.audit.matching({ kinds: ['operator.signedIn'], outcomes: ['refused'] });
    expect(refusals.filter((e) => e.action.kind === 'operator.signedIn' && e.action.reason === 'wrong-pin')).toHaveLength(2);
    expect(refusals.filter((e) => e.action.kind === 'operator.signedIn' && e.action.reason === 'pin-guard').length).toBeGreaterThanOrEqual(8);
    // The right PIN after the card is reseated is held back by the wait after two wrong PINs: a person waits 30 s.
    await expect(desk.handle('operator.signInWithCard', { pin: PIN })).rejects.toMatchObject({ message: expect.stringMatching(/^Too many wrong PINs with this card: try again in \d+ s$/) });
    expect(triesLeft(card)).toBe('63C3');
  });

  it('cannot walk round the desk-PIN lock by signing in as themselves in between, nor by a restart', async () => {
    const [samEntry] = (await desk.handle('operators.names', {})).filter((n) => n.name === sam.name);
    const malEntry = (await desk.handle('operators.names', {})).find((n) => n.name === mal.name)!;
    const answers: string[] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++) {
        answers.push(await desk.handle('operator.signInWithPin', { operatorId: samEntry!.id, pin: `90${round}${i}` }).then(() => 'in', (e: Error) => e.message));
      }
      await desk.handle('operator.signInWithPin', { operatorId: malEntry.id, pin: '1357' });
      await desk.handle('operator.signOut', {});
    }
    expect(answers.slice(0, 3)).toEqual([
      'The desk PIN is not right (2 tries left before a wait)',
      'The desk PIN is not right (1 try left before a wait)',
      'The desk PIN is not right. The next try waits 1 min',
    ]);
    expect(answers.slice(3).every((a) => a.startsWith('Too many wrong desk PINs for'))).toBe(true);
    await desk.stop();
    desk = openDesk();
    await started(desk);
    await expect(desk.handle('operator.signInWithPin', { operatorId: samEntry!.id, pin: '2468' })).rejects.toMatchObject({
      code: 'signed-out',
      message: expect.stringMatching(/^Too many wrong desk PINs for/),
    });
  });
});
