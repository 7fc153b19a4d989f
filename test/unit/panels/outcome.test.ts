import { describe, expect, it } from 'vitest';
import { DeskError } from '../../../shared/errors';
import { expectationFor } from '../../../renderer/src/panels/lib/expected-result';
import { follow, outcomeLine, settle, type Outcome } from '../../../renderer/src/panels/lib/outcome';
import { item, status } from '../renderer/fixtures';

const door = item('Gate');
const clock = (ms: number) => `t${ms}`;
const line = (outcome: Outcome, flags: string[], receivedAt = 2_000) => {
  const s = status(door, flags, receivedAt);
  return outcomeLine(follow(outcome, s), { kind: 'door', status: s, words: flags.join(', '), clock, deadlineSeconds: 15 });
};

describe('the outcome line follows the item status', () => {
  const open = expectationFor('door', 'open')!;

  it('sent, then reported unlocked, then back to locked', () => {
    let outcome = settle('Open', 'open', open, 1_500);
    expect(line(outcome, ['closed', 'locked', 'secure'])).toBe('Sent — waiting for the door to report');
    outcome = follow(outcome, status(door, ['closed', 'unlocked', 'secure'], 3_000));
    expect(line(outcome, ['closed', 'unlocked', 'secure'], 3_000)).toBe('Done — the door reports closed, unlocked, secure');
    expect(line(outcome, ['closed', 'locked', 'secure'], 9_000)).toBe('Done — the door reported it at t3000; now closed, locked, secure');
  });

  it('no answer in time: says it may still happen and keeps watching; never claims it did until the status shows it', () => {
    let outcome = settle('Open', 'open', open, 1_500, new DeskError('timeout', 'No answer within 15 s'));
    expect(line(outcome, ['closed', 'locked', 'secure'])).toBe('No answer within 15 s: the door may still open — watching it');
    // An unlocked status from before the press is not the command's effect.
    expect(line(outcome, ['closed', 'unlocked', 'free'], 1_000)).toBe('No answer within 15 s: the door may still open — watching it');
    outcome = follow(outcome, status(door, ['open', 'unlocked', 'secure'], 40_000));
    expect(line(outcome, ['open', 'unlocked', 'secure'], 40_000)).toBe(
      'Done (late: the server had not answered) — the door reports open, unlocked, secure',
    );
  });

  it('an answer that could not be read: never accepted, says it may have happened, and watches the door', () => {
    let outcome = settle('Open', 'open', open, 1_500, new DeskError('uncertain', "The server's answer to open on Gate could not be read"));
    expect(outcome.phase).toBe('unanswered');
    expect(line(outcome, ['closed', 'locked', 'secure'])).toBe("The server's answer could not be read: the door may still open — watching it");
    outcome = follow(outcome, status(door, ['open', 'unlocked', 'secure'], 4_000));
    expect(line(outcome, ['open', 'unlocked', 'secure'], 4_000)).toBe("Done (the server's answer could not be read) — the door reports open, unlocked, secure");
  });

  it('refused with the server reason, or not sent at all', () => {
    expect(line(settle('Open', 'open', open, 1_500, new DeskError('forbidden', 'The operator lacks the privilege')), [])).toBe(
      'Refused: The operator lacks the privilege',
    );
    expect(line(settle('Open', 'open', open, 1_500, new DeskError('offline', 'Not connected')), [])).toBe('Not sent: Not connected');
  });

  it('a command the status does not show is done when the server accepts it', () => {
    expect(line(settle('Forgive anti-passback', 'forgiveAntiPassback', undefined, 1_500), ['secure'])).toBe(
      'Done — the server accepted Forgive anti-passback',
    );
  });
});

describe('what the status shows once a command took effect', () => {
  const zone = item('Lobby', { kind: 'accessZone' });
  const s = (flags: string[], zoneCount?: number) => ({ ...status(zone, flags), zoneCount });

  it('modes with and without PIN, timed or not', () => {
    expect(expectationFor('accessZone', 'freePinUntil')!(s(['free', 'usePin']))).toBe(true);
    expect(expectationFor('accessZone', 'freePinUntil')!(s(['free']))).toBe(false);
    expect(expectationFor('accessZone', 'secure')!(s(['secure', 'usePin']))).toBe(false);
    expect(expectationFor('alarmZone', 'disarmUntil')!(s(['disarmed']))).toBe(true);
  });

  it('zone count, lockdown ending, shunts', () => {
    expect(expectationFor('accessZone', 'setZoneCount', 40)!(s(['secure'], 40))).toBe(true);
    expect(expectationFor('accessZone', 'cancelLockDown')!(s(['secure']))).toBe(true);
    expect(expectationFor('accessZone', 'cancelLockDown')!(s(['unknown']))).toBe(false);
    expect(expectationFor('input', 'shunt')!(s(['notPolled']))).toBe(true);
    expect(expectationFor('macro', 'run')).toBeUndefined();
  });

  it('outputs: on is a closed relay and off an open one, timed or not; a pulse may be over before the next status', () => {
    expect(expectationFor('output', 'on')!(s(['closed', 'overridden']))).toBe(true);
    expect(expectationFor('output', 'onUntil')!(s(['relayStateUnknown', 'overridden']))).toBe(false);
    expect(expectationFor('output', 'offUntil')!(s(['open', 'overridden']))).toBe(true);
    expect(expectationFor('output', 'off')!(s(['controllerOffline', 'overridden']))).toBe(false);
    expect(expectationFor('output', 'pulse')).toBeUndefined();
    expect(expectationFor('output', 'cancel')).toBeUndefined();
  });
});
