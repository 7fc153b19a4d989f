import { describe, expect, it } from 'vitest';
import type { ItemStatus } from '../../../shared/domain';
import { attentionList } from '../../../renderer/src/lib/board/attention';
import { readItem, tileLines } from '../../../renderer/src/lib/board/item-reading';
import { supersedes } from '../../../renderer/src/lib/board/status-order';
import { item, status } from './fixtures';

const CALM = ['closed', 'locked', 'secure'];

describe('attention strip ordering', () => {
  it('lists everything not normal in the shared attention order, forced before open too long', () => {
    const calm = item('Calm');
    const held = item('Held open');
    const forced = item('Forced');
    const unlocked = item('Unlocked');
    const offline = item('Offline');
    const silent = item('Never reported');
    const statuses = new Map<string, ItemStatus>(
      [
        status(calm, CALM),
        status(held, ['open', 'locked', 'secure', 'openTooLong'], 5_000),
        status(forced, ['open', 'locked', 'secure', 'forced'], 1_000),
        status(unlocked, ['closed', 'unlocked', 'secure']),
        status(offline, ['controllerOffline']),
      ].map((s) => [s.href, s]),
    );
    const list = attentionList([calm, unlocked, offline, held, silent, forced], statuses);
    expect(list.map((e) => e.item.name)).toEqual(['Forced', 'Held open', 'Offline', 'Never reported', 'Unlocked']);
  });

  it('puts the most recent change first among equals', () => {
    const a = item('A');
    const b = item('B');
    const statuses = new Map([status(a, ['controllerOffline'], 1_000), status(b, ['controllerOffline'], 2_000)].map((s) => [s.href, s]));
    expect(attentionList([a, b], statuses).map((e) => e.item.name)).toEqual(['B', 'A']);
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
