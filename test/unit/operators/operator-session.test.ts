import { afterEach, describe, expect, it, vi } from 'vitest';
import { ada, adaCard, bo, boCard, desk, refusal } from './support/operator-desk';

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
    // The same rule asked without a refusal: the strip may count overdue visitors, not name them.
    expect([d.session.allows('reception.today'), d.session.allows('reception.overdue')]).toEqual([false, true]);
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
