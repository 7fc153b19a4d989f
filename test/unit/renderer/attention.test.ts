import { describe, expect, it } from 'vitest';
import type { ItemStatus } from '../../../shared/domain';
import { attentionList, entryReason, isAlarm } from '../../../renderer/src/board/lib/attention';
import { readItem, tileLines } from '../../../renderer/src/lib/board/item-reading';
import { supersedes } from '../../../renderer/src/board/lib/status-order';
import { item, status } from './fixtures';

const CALM = ['closed', 'locked', 'secure'];

describe('attention strip ordering', () => {
  it('lists what needs action or is not known, worst first; deliberately open items are left off', () => {
    const calm = item('Calm');
    const held = item('Held open');
    const forced = item('Forced');
    const unlocked = item('Unlocked');
    const free = item('Free by schedule');
    const offline = item('Offline');
    const silent = item('Never reported');
    const count = item('Full zone', { kind: 'accessZone' });
    const grace = item('Zone in grace', { kind: 'accessZone' });
    const statuses = new Map<string, ItemStatus>(
      [
        status(calm, CALM),
        status(held, ['open', 'locked', 'secure', 'openTooLong'], 5_000),
        status(forced, ['open', 'locked', 'secure', 'forced'], 1_000),
        status(unlocked, ['closed', 'unlocked', 'secure']),
        status(free, ['open', 'unlocked', 'free']),
        status(offline, ['controllerOffline']),
        status(count, ['secure', 'zoneCountTooHigh']),
        status(grace, ['secure', 'zoneCountTooHigh', 'zoneCountInGrace']),
      ].map((s) => [s.href, s]),
    );
    const list = attentionList([calm, unlocked, free, offline, held, silent, forced, count, grace], statuses);
    expect(list.map((e) => e.item.name)).toEqual(['Forced', 'Held open', 'Full zone', 'Offline', 'Never reported']);
    expect(list.map((e) => isAlarm(e))).toEqual([true, true, true, false, false]);
  });

  it('puts the most recent change first among equals', () => {
    const a = item('A');
    const b = item('B');
    const statuses = new Map([status(a, ['controllerOffline'], 1_000), status(b, ['controllerOffline'], 2_000)].map((s) => [s.href, s]));
    expect(attentionList([a, b], statuses).map((e) => e.item.name)).toEqual(['B', 'A']);
  });

  it('lists an item the desk is not hearing from as offline, whatever it last said, unless that was worse', () => {
    const quiet = item('Quiet');
    const forced = item('Forced');
    const statuses = new Map([status(quiet, CALM), status(forced, ['open', 'locked', 'secure', 'forced'])].map((s) => [s.href, s]));
    const stale = { state: 'stale' as const, since: 1, lastHeardAt: 1, reason: 'Watcher failing' };
    const list = attentionList([quiet, forced], statuses, (href) => ({ href, ...stale }));
    expect(list.map((e) => [e.item.name, e.concern])).toEqual([
      ['Forced', 'forced'],
      ['Quiet', 'offline'],
    ]);
    // A stale alarm is not announced as new: nobody knows it is still going on.
    expect(list.some((e) => isAlarm(e))).toBe(false);
    // The strip puts "Not heard" before the reason; the reason does not say it again.
    expect(list.map((e) => entryReason(e))).toEqual(['Watcher failing', 'Watcher failing']);
  });
});

describe('item reading on the board', () => {
  it('is grey with a reason until the first status arrives', () => {
    expect(readItem(item('New'), undefined)).toEqual({ verdict: 'unknown', words: [], reasons: ['No status received yet'] });
  });

  it('puts the reasons first on a tile and keeps every other status word after them', () => {
    const door = item('Door');
    expect(tileLines(readItem(door, status(door, ['closed', 'locked', 'secure'])))).toEqual({
      headline: ['Closed', 'Locked', 'Secure'],
      rest: [],
    });
    expect(tileLines(readItem(door, status(door, ['open', 'locked', 'secure', 'forced'])))).toEqual({
      headline: ['Forced', 'Open'],
      rest: ['Locked', 'Secure'],
    });
    expect(tileLines(readItem(door, undefined))).toEqual({ headline: ['No status received yet'], rest: [] });
  });
});

describe('status order', () => {
  it('never lets an older status overwrite a newer one', () => {
    const door = item('Door');
    const older = status(door, ['open', 'unlocked', 'free'], 1_000);
    const newer = status(door, ['closed', 'locked', 'secure'], 2_000);
    expect(supersedes(newer, older)).toBe(true);
    expect(supersedes(older, newer)).toBe(false);
    expect(supersedes(older, undefined)).toBe(true);
  });
});
