import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditAction } from '../../../shared/contract/audit';
import type { CardholderMatch } from '../../../shared/contract/directory';
import type { OperatorSession as SessionState } from '../../../shared/contract/operators';
import { DeskError } from '../../../shared/errors';
import { LocalStore } from '../../../electron/core/offline/local-store';
import { storeMigrations } from '../../../electron/core/offline/registry';
import type { CardAuthenticator } from '../../../electron/core/operators/card-authenticator';
import { MAX_WRONG_DESK_PINS, OperatorSession } from '../../../electron/core/operators/operator-session';
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
      if (!state.inReader) throw new DeskError('card', 'There is no card in any reader: insert one');
      return state.inReader;
    },
    async authenticate({ pin, reader }) {
      if (!state.inReader) throw new DeskError('card', 'There is no card in any reader: insert one');
      if (pin !== '123456') throw new DeskError('card', 'Wrong PIN: 4 tries left before the card locks');
      return { ...state.inReader, reader: reader ?? 'Demo reader' };
    },
  };
}

function desk(options: { profile?: 'kiosk' | 'desk' } = {}) {
  const store = LocalStore.openFile(':memory:', { migrations: storeMigrations });
  const reader = { inReader: undefined as { cardId: string; label: string } | undefined };
  const removed = new Set<(reader: string) => void>();
  const records: AuditAction[] = [];
  const sessions: SessionState[] = [];
  const cards = cardsWith(reader);
  const session = new OperatorSession({
    roster: new RosterStore(store),
    profile: options.profile ?? 'desk',
    cards,
    presence: { onRemoved: (l) => (removed.add(l), () => removed.delete(l)) },
    record: (a) => records.push(a),
    changed: (s) => sessions.push(s),
  });
  const roster = new RosterChanges(session, { cards, record: (a) => records.push(a) });
  const takeOut = (name = 'Demo reader') => removed.forEach((l) => l(name));
  return { store, session, roster, reader, records, sessions, takeOut };
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
    expect([unknown.code, unknown.message]).toEqual(['card', 'This card is not on this desk’s roster']);
    d.reader.inReader = adaCard;
    const wrongPin = await refusal(d.session.signInWithCard({ pin: '000000' }));
    expect(wrongPin.message).toMatch(/Wrong PIN/);
    expect(d.session.current()).toBeUndefined();
    const state = await d.session.signInWithCard({ pin: '123456' });
    expect(state).toMatchObject({ operator: { name: 'Ada Guard', cardholderId: '101' } });
    expect(state.locked).toBeUndefined();
    expect(() => d.session.gate('item.command')).not.toThrow();
    expect(d.records.filter((r) => r.kind === 'operator.signedIn').map((r) => r.outcome)).toEqual(['done', 'refused', 'done']);
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

  it('keeps the desk PIN as a salted hash only, and waits after five wrong tries', async () => {
    const d = desk();
    await d.roster.add({ cardholder: ada, role: 'supervisor', linkCard: false, deskPin: '246810' });
    const stored = JSON.stringify(d.store.db.prepare('SELECT * FROM operators').all());
    expect(stored).not.toContain('246810');
    d.session.signOut('signedOut');
    const id = d.roster.list()[0]!.id;
    for (let i = 1; i < MAX_WRONG_DESK_PINS; i++) {
      expect((await refusal(d.session.signInWithPin(id, '1111'))).message).toBe(`The desk PIN is not right (${MAX_WRONG_DESK_PINS - i} ${MAX_WRONG_DESK_PINS - i === 1 ? 'try' : 'tries'} left)`);
    }
    expect((await refusal(d.session.signInWithPin(id, '1111'))).message).toMatch(/Too many wrong tries/);
    // Even the right PIN waits out the lockout.
    expect((await refusal(d.session.signInWithPin(id, '246810'))).message).toMatch(/try again in 5 min/);
    expect(d.session.current()).toBeUndefined();
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
    d.roster.setPolicy({ idleLockMinutes: 2, cardStaysInReader: false, deskPinFallback: true });
    vi.advanceTimersByTime(90_000);
    d.session.active();
    vi.advanceTimersByTime(90_000);
    expect(d.session.current()?.name).toBe('Ada Guard');
    vi.advanceTimersByTime(31_000);
    expect(d.session.state()).toMatchObject({ locked: 'idle' });
    expect(d.records.at(-1)).toMatchObject({ kind: 'operator.signedOut', reason: 'idle' });
    expect(d.sessions.at(-1)).toMatchObject({ locked: 'idle' });
  });

  it('locks when the card comes out of its reader, only where the card stays in the reader', async () => {
    const d = desk();
    d.reader.inReader = adaCard;
    await d.roster.add({ cardholder: ada, role: 'supervisor', linkCard: true });
    d.session.signOut('signedOut');
    await d.session.signInWithCard({ pin: '123456' });
    d.takeOut();
    expect(d.session.current()?.name).toBe('Ada Guard');
    d.roster.setPolicy({ idleLockMinutes: null, cardStaysInReader: true, deskPinFallback: true });
    d.takeOut('Another reader');
    expect(d.session.current()?.name).toBe('Ada Guard');
    d.takeOut('Demo reader');
    expect(d.session.state()).toMatchObject({ locked: 'cardRemoved' });
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
