import { describe, expect, it } from 'vitest';
import { LocalStore } from '../../../electron/core/offline/local-store';
import { storeMigrations } from '../../../electron/core/offline/registry';
import { CardPinGuard, PER_INSERTION } from '../../../electron/core/operators/card-pin-guard';
import { PinFailures } from '../../../electron/core/operators/pin-failures';
import type { PinAttempt } from '../../../electron/core/piv/sign-in';

/** What the desk adds to a card's own retry counter, with a clock and a reader of its own. */
function guard() {
  const store = LocalStore.openFile(':memory:', { migrations: storeMigrations });
  const clock = { now: Date.parse('2026-11-29T02:00:00Z') };
  const reader = { insertions: 1 };
  const pins = new CardPinGuard(new PinFailures(store, () => clock.now), { onRemoved: () => () => {}, onInserted: () => () => {}, insertion: () => reader.insertions }, () => clock.now);
  const attempt = (triesLeft: number | undefined = 5): PinAttempt => ({ cardId: 'D4E7', card: { subject: 'CN=Ada', serial: '01' }, reader: 'Reader 1', triesLeft });
  const refusal = (a: PinAttempt) => {
    try {
      pins.before(a);
    } catch (error) {
      return error as { reason: string; message: string };
    }
    return undefined;
  };
  return { store, clock, reader, pins, attempt, refusal };
}

describe('CardPinGuard', () => {
  it('never sends a PIN to a card with one try left, and says a blocked card is blocked', () => {
    const g = guard();
    expect(g.refusal(g.attempt(1))).toMatchObject({ reason: 'pin-guard', message: expect.stringMatching(/^This card has one PIN try left\. The desk never uses a card’s last try/) });
    expect(g.refusal(g.attempt(0))).toMatchObject({ reason: 'pin-blocked' });
    expect(g.refusal(g.attempt(2))).toBeUndefined();
  });

  it('asks for the card to be taken out and put back after two wrong PINs, then waits after repeats', () => {
    const g = guard();
    for (let i = 0; i < PER_INSERTION; i++) {
      expect(g.refusal(g.attempt())).toBeUndefined();
      g.pins.after(g.attempt(), false);
    }
    expect(g.refusal(g.attempt())).toMatchObject({ message: `${PER_INSERTION} wrong PINs were tried with this card: take it out of the reader and put it back to try again` });
    g.reader.insertions++;
    expect(g.refusal(g.attempt())).toMatchObject({ message: 'Too many wrong PINs with this card: try again in 30 s' });
    g.clock.now += 30_000;
    expect(g.refusal(g.attempt())).toBeUndefined();
    g.pins.after(g.attempt(), false);
    g.reader.insertions++;
    expect(g.refusal(g.attempt())).toMatchObject({ message: 'Too many wrong PINs with this card: try again in 5 min' });
  });

  it('remembers wrong PINs across a restart, and the right PIN starts the count again', () => {
    const g = guard();
    g.pins.after(g.attempt(), false);
    g.pins.after(g.attempt(), false);
    const again = new CardPinGuard(new PinFailures(g.store, () => g.clock.now), { onRemoved: () => () => {}, onInserted: () => () => {}, insertion: () => 7 }, () => g.clock.now);
    expect(() => again.before(g.attempt())).toThrow(/try again in 30 s/);
    g.clock.now += 30_000;
    again.after(g.attempt(), true);
    again.after(g.attempt(), false);
    expect(() => again.before(g.attempt())).not.toThrow();
  });
});
