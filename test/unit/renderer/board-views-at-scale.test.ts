import { describe, expect, it } from 'vitest';
import type { ItemLiveness, ItemStatus } from '../../../shared/domain';
import { currentItemState } from '../../../renderer/src/board/lib/item-state';
import { sortRows } from '../../../renderer/src/board/list/lib/list-sort';
import { groupsOf } from '../../../renderer/src/board/overview/lib/site-counts';
import { item, status } from './fixtures';

function source(statuses: ItemStatus[], stale: ItemLiveness[] = [], live = true) {
  const byHref = new Map(statuses.map((s) => [s.href, s]));
  const staleByHref = new Map(stale.map((s) => [s.href, s]));
  return { status: (h: string) => byHref.get(h), staleness: (h: string) => staleByHref.get(h), live };
}

describe("an item's state read again only when what it is read from changed", () => {
  const door = item('Dock');
  const calm = status(door, ['closed', 'locked', 'secure'], 1_000);

  it('gives the same state while the status, liveness and connection are the ones it was read from', () => {
    const first = currentItemState(door, source([calm]));
    expect(first.bucket).toBe('normal');
    expect(currentItemState(door, source([calm]))).toBe(first);
  });

  it('reads again on a new status, on the item going stale and on the desk losing its connection', () => {
    expect(currentItemState(door, source([calm])).bucket).toBe('normal');
    const forced = status(door, ['forced', 'open'], 2_000);
    expect(currentItemState(door, source([forced])).bucket).toBe('alarm');
    const stale: ItemLiveness = { href: door.href, state: 'stale', since: 3_000 };
    const notLive = currentItemState(door, source([calm], [stale]));
    expect(notLive.bucket).toBe('notLive');
    expect(notLive.since).toBe(3_000);
    expect(currentItemState(door, source([calm], [], false)).bucket).toBe('notLive');
    expect(currentItemState(door, source([calm])).bucket).toBe('normal');
  });

  it("keeps an item's overview groups per grouping, the same answer every time", () => {
    expect(groupsOf(door, 'division')).toBe(groupsOf(door, 'division'));
    expect(groupsOf(door, 'floor')).toEqual(groupsOf({ ...door }, 'floor'));
  });
});

describe('the list order of filtered rows, ranked over the whole board', () => {
  const board = ['Door 10', 'door 2', 'Gate', 'Alpha', 'Door 9', 'Lobby'].map((name) => item(name));
  const rowsOf = (names: string[]) => names.map((name) => currentItemState(board.find((i) => i.name === name)!, source([])));

  it('puts a filtered subset in the same order as the whole board would', () => {
    const sorted = sortRows(rowsOf(['Gate', 'Door 10', 'Door 9']), board, { column: 'name', reversed: false });
    expect(sorted.map((r) => r.item.name)).toEqual(['Door 9', 'Door 10', 'Gate']);
    const reversed = sortRows(rowsOf(['Alpha', 'Lobby', 'door 2']), board, { column: 'name', reversed: true });
    expect(reversed.map((r) => r.item.name)).toEqual(['Lobby', 'door 2', 'Alpha']);
  });
});
