import { describe, expect, it } from 'vitest';
import { CONFIRM_WITHIN_MS, judge, type TrackedOverride } from '../../../electron/core/overrides/override-state';
import { lastingOverride } from '../../../shared/commands/lasting-overrides';

const sentAt = 1_000_000;
const zoneFree = (over: Partial<TrackedOverride> = {}): TrackedOverride => ({
  id: 'o1',
  origin: 'demo',
  itemHref: 'https://s/api/access_zones/az-n1',
  itemName: 'North Level 1 Offices',
  itemKind: 'accessZone',
  command: 'freeUntil',
  mode: 'Free',
  operator: 'Morgan Reyes',
  sentAt,
  endsAt: sentAt + 3_600_000,
  state: 'open',
  seen: false,
  ...over,
});
const live = (...flags: string[]) => ({ live: true, flags });

describe('an active override judged against the item', () => {
  it('is running while the live status shows its mode, and remembers it has been seen', () => {
    const { shown, changed } = judge(zoneFree(), live('free'), sentAt + 5_000);
    expect(shown).toMatchObject({ state: 'running', endsAt: sentAt + 3_600_000 });
    expect(shown.reason).toBeUndefined();
    expect(changed).toMatchObject({ seen: true, state: 'open' });
    // Seen already: nothing to keep.
    expect(judge(zoneFree({ seen: true }), live('free'), sentAt + 6_000).changed).toBeUndefined();
  });

  it('is ended, for good, once the live status no longer shows it', () => {
    const { shown, changed } = judge(zoneFree({ seen: true }), live('secure'), sentAt + 60_000);
    expect(shown).toMatchObject({ state: 'ended', endedAt: sentAt + 60_000, reason: 'The server no longer shows it on the item' });
    expect(changed?.state).toBe('ended');
    // The schedule making the zone free again later is not this override coming back.
    expect(judge(changed!, live('free'), sentAt + 120_000).shown.state).toBe('ended');
  });

  it('is unknown, not ended, while the item is not live, whatever its last flags said', () => {
    expect(judge(zoneFree({ seen: true }), { live: false, flags: ['secure'] }, sentAt + 60_000).shown).toMatchObject({ state: 'unknown', reason: expect.stringMatching(/not live/) });
    expect(judge(zoneFree({ seen: true }), { live: true, flags: ['controllerOffline'] }, sentAt + 60_000).shown.state).toBe('unknown');
    expect(judge(zoneFree({ seen: true }), { live: false }, sentAt + 60_000).changed).toBeUndefined();
  });

  it('waits a little for a just-accepted override to show, then calls it ended if it never did', () => {
    expect(judge(zoneFree(), live('secure'), sentAt + CONFIRM_WITHIN_MS - 1).shown).toMatchObject({ state: 'unknown', reason: expect.stringMatching(/Waiting/) });
    expect(judge(zoneFree(), live('secure'), sentAt + CONFIRM_WITHIN_MS).shown).toMatchObject({ state: 'ended', reason: 'The item never showed it' });
  });

  it('is ended once its end time has passed, even while the item is not live', () => {
    expect(judge(zoneFree({ seen: true }), { live: false }, sentAt + 3_600_000).shown).toMatchObject({ state: 'ended', reason: 'Its end time has passed' });
  });

  it('keeps a cancelled one cancelled', () => {
    expect(judge(zoneFree({ state: 'cancelled', endedAt: sentAt + 10, reason: 'Cancelled by Morgan Reyes' }), live('free'), sentAt + 20).shown).toMatchObject({ state: 'cancelled', reason: 'Cancelled by Morgan Reyes' });
  });
});

describe('which overrides last, what shows them and what ends them', () => {
  it('knows zone modes with and without PIN, and their cancel', () => {
    const freePin = lastingOverride('accessZone', 'freePinUntil')!;
    expect(freePin.undo).toBe('cancel');
    expect(freePin.shows(['free', 'usePin'])).toBe(true);
    expect(freePin.shows(['free'])).toBe(false);
    expect(lastingOverride('accessZone', 'codeOnly')!.shows(['codeOrCard'])).toBe(true);
    expect(lastingOverride('accessZone', 'lockDown')).toMatchObject({ undo: 'cancelLockDown' });
  });

  it('ends inputs, interlocks and shunted fences with their own opposite command', () => {
    expect(lastingOverride('input', 'isolate')?.undo).toBe('deisolate');
    expect(lastingOverride('input', 'shunt')?.undo).toBe('unshunt');
    expect(lastingOverride('interlockGroup', 'disable')?.undo).toBe('enable');
    expect(lastingOverride('fenceZone', 'shunt')?.undo).toBe('unshunt');
  });

  it('reads an output override by its overridden flag, so a schedule switching the relay is not taken for it', () => {
    const on = lastingOverride('output', 'onUntil')!;
    expect(on.shows(['closed', 'overridden'])).toBe(true);
    expect(on.shows(['closed'])).toBe(false);
  });

  it('keeps nothing for momentary commands or the commands that end an override', () => {
    for (const [kind, key] of [['door', 'open'], ['macro', 'run'], ['output', 'pulse'], ['output', 'cancel'], ['accessZone', 'cancel'], ['accessZone', 'setZoneCount'], ['accessZone', 'forgiveAntiPassback'], ['input', 'deisolate']] as const) {
      expect(lastingOverride(kind, key), `${kind} ${key}`).toBeUndefined();
    }
  });
});
