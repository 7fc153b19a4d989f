import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditAction } from '../../../shared/contract/audit';
import type { CardholderMatch } from '../../../shared/contract/directory';
import type { OperatorSession as SessionState } from '../../../shared/contract/operators';
import { DeskError } from '../../../shared/errors';
import { CardRefused } from '../../../electron/core/piv/sign-in/card-refused';
import { LocalStore } from '../../../electron/core/offline/local-store';
import { storeMigrations } from '../../../electron/core/offline/registry';
import type { CardAuthenticator } from '../../../electron/core/operators/card-authenticator';
import { OperatorSession } from '../../../electron/core/operators/operator-session';
import { RosterChanges } from '../../../electron/core/operators/roster-changes';
import { RosterStore } from '../../../electron/core/operators/roster-store';

const ada: CardholderMatch = { href: 'https://s/api/cardholders/101', id: '101', name: 'Ada Guard' };
const bo: CardholderMatch = { href: 'https://s/api/cardholders/102', id: '102', name: 'Bo Night' };
const adaCard = { cardId: 'D4E739DA73', label: 'PIV · agency 1234 · card 000042' };
const boCard = { cardId: 'D4E739DA99', label: 'PIV · agency 1234 · card 000099' };

/** A card reader test double: `inReader` is the card present; its PIN is 123456. */
function cardsWith(state: { inReader?: { cardId: string; label: string } }): CardAuthenticator {
  return {
    async identify() {
      if (!state.inReader) throw new CardRefused('no-card', 'There is no card in any reader: insert one');
      return state.inReader;
    },
    async authenticate({ pin, reader }) {
      if (!state.inReader) throw new CardRefused('no-card', 'There is no card in any reader: insert one');
      const card = { subject: `CN=${state.inReader.label}`, serial: `5E${state.inReader.cardId}` };
      if (pin !== '123456') throw new CardRefused('wrong-pin', 'Wrong PIN: 4 tries left before the card locks', card);
      return { ...state.inReader, ...card, reader: reader ?? 'Demo reader' };
    },
  };
}

function desk(options: { profile?: 'kiosk' | 'desk'; store?: LocalStore; clock?: { now: number } } = {}) {
  const store = options.store ?? LocalStore.openFile(':memory:', { migrations: storeMigrations });
  const reader = { inReader: undefined as { cardId: string; label: string } | undefined };
  const removed = new Set<(reader: string) => void>();
  const inserted = new Set<(reader: string) => void>();
  const records: AuditAction[] = [];
  const sessions: SessionState[] = [];
  const cards = cardsWith(reader);
  const session = new OperatorSession({
    roster: new RosterStore(store),
    profile: options.profile ?? 'desk',
    cards,
    presence: { onRemoved: (l) => (removed.add(l), () => removed.delete(l)), onInserted: (l) => (inserted.add(l), () => inserted.delete(l)), insertion: () => 1 },
    record: (a) => records.push(a),
    refusedSince: () => [],
    changed: (s) => sessions.push(s),
    ...(options.clock ? { now: () => options.clock!.now } : {}),
  });
  const roster = new RosterChanges(session, { cards, record: (a) => records.push(a) });
  const takeOut = (name = 'Demo reader') => removed.forEach((l) => l(name));
  const putIn = (name = 'Demo reader') => inserted.forEach((l) => l(name));
  return { store, session, roster, reader, records, sessions, takeOut, putIn };
}

async function refusal(promise: Promise<unknown> | (() => unknown)): Promise<DeskError> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (err) {
    if (err instanceof DeskError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

afterEach(() => vi.useRealTimers());

describe('OperatorSession', () => {
  it('leaves a desk with an empty roster open, and makes the first operator added its supervisor, signed in', async () => {
    const d = desk();
    expect(d.session.state()).toMatchObject({ rosterEmpty: true });
    expect(d.session.state().locked).toBeUndefined();
    expect(() => d.session.gate('item.command')).not.toThrow();
    d.reader.inReader = adaCard;
    const list = await d.roster.add({ cardholder: ada, role: 'operator', linkCard: true });
    expect(list).toEqual([expect.objectContaining({ name: 'Ada Guard', role: 'supervisor', cardholderId: '101', cards: [expect.objectContaining({ cardId: adaCard.cardId })] })]);
    expect(d.session.state()).toMatchObject({ rosterEmpty: false, operator: { name: 'Ada Guard', role: 'supervisor' } });
    expect(d.records.map((r) => r.kind)).toEqual(['operators.changed', 'operator.signedIn']);
  });

  it('once the roster has anyone, refuses acting calls while nobody is signed in, and lets the board be looked at', async () => {
    const d = desk();
    await d.roster.add({ cardholder: ada, role: 'operator', linkCard: false, deskPin: '2468' });
    d.session.signOut('signedOut');
    expect(d.session.state()).toMatchObject({ locked: 'signedOut', rosterEmpty: false });
    for (const call of ['item.command', 'alarms.act', 'enrolment.enrol', 'settings.setApiKey', 'plans.remove', 'audit.setRetention', 'operators.add'] as const) {
      const err = await refusal(() => d.session.gate(call as never));
      expect([call, err.code, err.message]).toEqual([call, 'signed-out', expect.stringMatching(/^Sign in to do this/)]);
    }
    for (const call of ['board.get', 'layout.set', 'operator.signInWithCard', 'operator.signInWithPin', 'operator.session', 'operator.active'] as const) {
      expect(() => d.session.gate(call)).not.toThrow();
    }
  });

  it('signs in with the card whose id is on the roster, and refuses a card that is not', async () => {
    const d = desk();
    d.reader.inReader = adaCard;
    await d.roster.add({ cardholder: ada, role: 'supervisor', linkCard: true });
    d.session.signOut('signedOut');
    d.reader.inReader = boCard;
    const unknown = await refusal(d.session.signInWithCard({ pin: '123456' }));
    expect([unknown.code, unknown.message]).toEqual(['card', `This card is not on this desk’s roster (${boCard.label})`]);
    d.reader.inReader = adaCard;
    const wrongPin = await refusal(d.session.signInWithCard({ pin: '000000' }));
    expect(wrongPin.message).toMatch(/Wrong PIN/);
    expect(d.session.current()).toBeUndefined();
    const state = await d.session.signInWithCard({ pin: '123456' });
    expect(state).toMatchObject({ operator: { name: 'Ada Guard', cardholderId: '101' } });
    expect(state.locked).toBeUndefined();
    expect(() => d.session.gate('item.command')).not.toThrow();
    // Each refusal says why and which card (its certificate's subject and serial), never the PIN.
    const signIns = d.records.filter((r) => r.kind === 'operator.signedIn');
    expect(signIns.map((r) => [r.outcome, r.reason, r.cardSerial, r.cardSubject])).toEqual([
      ['done', undefined, undefined, undefined],
      ['refused', 'not-on-roster', `5E${boCard.cardId}`, `CN=${boCard.label}`],
      ['refused', 'wrong-pin', `5E${adaCard.cardId}`, `CN=${adaCard.label}`],
      ['done', undefined, undefined, undefined],
    ]);
    expect(JSON.stringify(d.records)).not.toContain('000000');
  });

  it('lets only a supervisor change the roster', async () => {
    const d = desk();
    await d.roster.add({ cardholder: ada, role: 'supervisor', linkCard: false, deskPin: '2468' });
    await d.roster.add({ cardholder: bo, role: 'operator', linkCard: false, deskPin: '1357' });
    const boId = d.roster.list().find((o) => o.name === 'Bo Night')!.id;
    await d.session.signInWithPin(boId, '1357');
    expect(() => d.session.gate('item.command')).not.toThrow();
    const err = await refusal(() => d.session.gate('operators.add'));
    expect(err.message).toMatch(/Only a supervisor/);
  });

  it('keeps the desk PIN as a salted hash only; wrong PINs grow a wait, then a lock only a supervisor lifts', async () => {
    const clock = { now: Date.parse('2026-11-29T02:00:00Z') };
    const d = desk({ clock });
    await d.roster.add({ cardholder: ada, role: 'supervisor', linkCard: false, deskPin: '246810' });
    const stored = JSON.stringify(d.store.db.prepare('SELECT * FROM operators').all());
    expect(stored).not.toContain('246810');
    d.session.signOut('signedOut');
    const id = d.roster.list()[0]!.id;
    const guess = async () => (await refusal(d.session.signInWithPin(id, '1111'))).message;
    expect(await guess()).toBe('The desk PIN is not right (2 tries left before a wait)');
    expect(await guess()).toBe('The desk PIN is not right (1 try left before a wait)');
    expect(await guess()).toBe('The desk PIN is not right. The next try waits 1 min');
    // Even the right PIN waits.
    expect((await refusal(d.session.signInWithPin(id, '246810'))).message).toBe('Too many wrong desk PINs for Ada Guard: try again in 1 min');
    clock.now += 60_000;
    expect(await guess()).toBe('The desk PIN is not right. The next try waits 5 min');
    clock.now += 5 * 60_000;
    expect(await guess()).toBe('The desk PIN is not right. Desk-PIN sign-in is now locked for Ada Guard until a supervisor lifts it');
    clock.now += 24 * 3_600_000;
    expect((await refusal(d.session.signInWithPin(id, '246810'))).message).toMatch(/^Desk-PIN sign-in is locked for Ada Guard after 5 wrong PINs: a supervisor can lift it/);
    expect(d.roster.list()[0]!.deskPinLock).toEqual({ count: 5, locked: true });
    const refused = d.records.filter((r) => r.kind === 'operator.signedIn' && r.outcome === 'refused');
    expect(refused.map((r) => (r.kind === 'operator.signedIn' ? r.reason : ''))).toEqual([
      ...Array(3).fill('wrong-desk-pin'),
      'desk-pin-locked',
      'wrong-desk-pin',
      'wrong-desk-pin',
      'desk-pin-locked',
    ]);
    d.roster.liftPinLock(id);
    expect(d.records.at(-1)).toMatchObject({ kind: 'operators.changed', change: 'pinLockLifted', subject: 'Ada Guard' });
    expect(d.roster.list()[0]!.deskPinLock).toBeUndefined();
    await d.session.signInWithPin(id, '246810');
    expect(d.session.current()?.name).toBe('Ada Guard');
  });

  it('does not let one operator’s sign-in clear another’s wrong PINs, nor a restart', async () => {
    const clock = { now: Date.parse('2026-11-29T02:00:00Z') };
    const d = desk({ clock });
    await d.roster.add({ cardholder: ada, role: 'supervisor', linkCard: false, deskPin: '246810' });
    await d.roster.add({ cardholder: bo, role: 'operator', linkCard: false, deskPin: '1357' });
    const [adaId, boId] = d.roster.list().map((o) => o.id);
    d.session.signOut('signedOut');
    // The walk-around: guess the supervisor's PIN, sign in as oneself, sign out, again.
    const answers: string[] = [];
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 4; i++) answers.push((await refusal(d.session.signInWithPin(adaId!, String(1000 + round * 4 + i)))).message);
      await d.session.signInWithPin(boId!, '1357');
      d.session.signOut('signedOut');
      clock.now += 10 * 60_000;
    }
    // Only three guesses were ever checked before the wait, and the fifth locked the supervisor's desk PIN.
    expect(answers.filter((a) => a.startsWith('The desk PIN is not right')).length).toBe(5);
    expect((await refusal(d.session.signInWithPin(adaId!, '246810'))).message).toMatch(/locked for Ada Guard/);
    // A restart: a new session on the same store remembers.
    const again = desk({ clock, store: d.store });
    expect((await refusal(again.session.signInWithPin(adaId!, '246810'))).message).toMatch(/locked for Ada Guard/);
  });

  it('locks desk-PIN sign-in for everyone after ten wrong PINs in a day, spread over operators', async () => {
    const clock = { now: Date.parse('2026-11-29T02:00:00Z') };
    const d = desk({ clock });
    const people = [ada, bo, { ...bo, id: '103', name: 'Cy Day' }, { ...bo, id: '104', name: 'Di Eve' }];
    for (const [i, who] of people.entries()) await d.roster.add({ cardholder: who, role: i === 0 ? 'supervisor' : 'operator', linkCard: false, deskPin: `135${i}` });
    const ids = d.roster.list().map((o) => o.id);
    d.session.signOut('signedOut');
    // Three tries each: nobody's own lock, but the tenth wrong PIN at the desk in a day locks it; the
    // tries after it are refused without their PIN being checked.
    for (const id of ids) for (let i = 0; i < 3; i++) await refusal(d.session.signInWithPin(id, '9999'));
    expect(d.roster.list().every((o) => o.deskPinLock?.locked === false)).toBe(true);
    expect(d.session.state().deskPinLock).toEqual({ count: 10, locked: true });
    clock.now += 10 * 60_000;
    // Bo's own right PIN, after his wait, meets the desk's lock.
    expect((await refusal(d.session.signInWithPin(ids[1]!, '1351'))).message).toMatch(/^Desk-PIN sign-in is locked at this desk after 10 wrong PINs in a day/);
    d.roster.liftPinLock(undefined);
    expect(d.records.at(-1)).toMatchObject({ kind: 'operators.changed', change: 'pinLockLifted', detail: 'desk-PIN lock lifted for the whole desk' });
    expect(d.session.state().deskPinLock).toBeUndefined();
    await d.session.signInWithPin(ids[1]!, '1351');
    expect(d.session.current()?.name).toBe('Bo Night');
  });

  it('offers no desk-PIN sign-in in the kiosk profile until the policy allows it', async () => {
    const d = desk({ profile: 'kiosk' });
    d.reader.inReader = adaCard;
    await d.roster.add({ cardholder: ada, role: 'supervisor', linkCard: true, deskPin: '2468' });
    expect(d.session.policy().deskPinFallback).toBe(false);
    expect(d.roster.names()).toEqual([]);
    const id = d.roster.list()[0]!.id;
    expect((await refusal(d.session.signInWithPin(id, '2468'))).message).toMatch(/turned off/);
    d.roster.setPolicy({ ...d.session.policy(), deskPinFallback: true });
    expect(d.roster.names()).toEqual([{ id, name: 'Ada Guard' }]);
  });

  it('locks itself after the idle minutes, and each touch starts the count again', async () => {
    vi.useFakeTimers();
    const d = desk();
    await d.roster.add({ cardholder: ada, role: 'supervisor', linkCard: false, deskPin: '2468' });
    d.roster.setPolicy({ idleLockMinutes: 2, cardStaysInReader: false, cardRemovedGraceSeconds: 5, deskPinFallback: true });
    vi.advanceTimersByTime(90_000);
    d.session.active();
    vi.advanceTimersByTime(90_000);
    expect(d.session.current()?.name).toBe('Ada Guard');
    vi.advanceTimersByTime(31_000);
    expect(d.session.state()).toMatchObject({ locked: 'idle' });
    expect(d.records.at(-1)).toMatchObject({ kind: 'operator.signedOut', reason: 'idle' });
    expect(d.sessions.at(-1)).toMatchObject({ locked: 'idle' });
  });

  it('locks when the card comes out of its reader and is not back within the grace, by default', async () => {
    vi.useFakeTimers();
    const d = desk();
    d.reader.inReader = adaCard;
    await d.roster.add({ cardholder: ada, role: 'supervisor', linkCard: true });
    expect(d.session.policy()).toMatchObject({ cardStaysInReader: true, cardRemovedGraceSeconds: 5 });
    d.session.signOut('signedOut');
    await d.session.signInWithCard({ pin: '123456' });
    d.takeOut('Another reader');
    vi.advanceTimersByTime(10_000);
    expect(d.session.current()?.name).toBe('Ada Guard');
    // Reseated within the grace: the same card (as its certificate names it) keeps the operator in.
    d.takeOut('Demo reader');
    vi.advanceTimersByTime(3_000);
    d.putIn('Demo reader');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(d.session.current()?.name).toBe('Ada Guard');
    // Another card put in within the grace locks at once.
    d.takeOut('Demo reader');
    d.reader.inReader = boCard;
    d.putIn('Demo reader');
    await vi.advanceTimersByTimeAsync(0);
    expect(d.session.state()).toMatchObject({ locked: 'cardRemoved' });
    // Out for longer than the grace locks too.
    d.reader.inReader = adaCard;
    await d.session.signInWithCard({ pin: '123456' });
    d.takeOut('Demo reader');
    vi.advanceTimersByTime(4_900);
    expect(d.session.current()?.name).toBe('Ada Guard');
    vi.advanceTimersByTime(200);
    expect(d.session.state()).toMatchObject({ locked: 'cardRemoved' });
    // Where the policy lets the card leave, taking it out does nothing.
    await d.session.signInWithCard({ pin: '123456' });
    d.roster.setPolicy({ idleLockMinutes: null, cardStaysInReader: false, cardRemovedGraceSeconds: 5, deskPinFallback: true });
    d.takeOut('Demo reader');
    vi.advanceTimersByTime(60_000);
    expect(d.session.current()?.name).toBe('Ada Guard');
  });

  it('switches operator with one card swap, signing the first out in the log', async () => {
    const d = desk();
    d.reader.inReader = adaCard;
    await d.roster.add({ cardholder: ada, role: 'supervisor', linkCard: true });
    d.reader.inReader = boCard;
    await d.roster.add({ cardholder: bo, role: 'operator', linkCard: true });
    await d.session.signInWithCard({ pin: '123456' });
    expect(d.session.current()?.name).toBe('Bo Night');
    expect(d.records.slice(-2).map((r) => r.kind)).toEqual(['operator.signedOut', 'operator.signedIn']);
  });

  it('refuses a card already linked to another operator, and the removal of the last supervisor', async () => {
    const d = desk();
    d.reader.inReader = adaCard;
    await d.roster.add({ cardholder: ada, role: 'supervisor', linkCard: true });
    expect((await refusal(d.roster.add({ cardholder: bo, role: 'operator', linkCard: true }))).message).toBe('This card is already linked to Ada Guard');
    d.reader.inReader = boCard;
    await d.roster.add({ cardholder: bo, role: 'operator', linkCard: true });
    const adaId = d.roster.list().find((o) => o.name === 'Ada Guard')!.id;
    expect((await refusal(() => d.roster.remove(adaId))).message).toMatch(/last supervisor/);
  });

  it('signs out the operator removed from the roster', async () => {
    const d = desk();
    await d.roster.add({ cardholder: ada, role: 'supervisor', linkCard: false, deskPin: '2468' });
    await d.roster.add({ cardholder: bo, role: 'supervisor', linkCard: false, deskPin: '1357' });
    d.roster.remove(d.roster.list().find((o) => o.name === 'Ada Guard')!.id);
    expect(d.session.state()).toMatchObject({ locked: 'signedOut' });
    expect(d.records.filter((r) => r.kind === 'operators.changed').map((r) => (r.kind === 'operators.changed' ? r.change : ''))).toEqual(['added', 'added', 'removed']);
  });
});
