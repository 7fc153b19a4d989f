import { describe, expect, it } from 'vitest';
import { ada, bo, desk, refusal } from './support/operator-desk';

// Wrong desk PINs: counted per operator and for the whole desk in the local store, a wait and then a
// lock that only a supervisor lifts; another operator's sign-in and a restart clear nothing.

describe('desk-PIN lockout', () => {
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
});
