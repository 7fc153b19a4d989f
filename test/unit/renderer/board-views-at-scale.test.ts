import { describe, expect, it } from 'vitest';
import { itemState } from '../../../renderer/src/board/lib/item-state';
import { sortRows } from '../../../renderer/src/board/list/lib/list-sort';
import { groupsOf } from '../../../renderer/src/board/overview/lib/site-counts';
import { item, source } from './fixtures';

describe("an item's overview groups", () => {
  const door = item('Dock');

  it("keeps an item's overview groups per grouping, the same answer every time", () => {
    expect(groupsOf(door, 'division')).toBe(groupsOf(door, 'division'));
    expect(groupsOf(door, 'floor')).toEqual(groupsOf({ ...door }, 'floor'));
  });
});

describe('the list order of filtered rows, ranked over the whole board', () => {
  const board = ['Door 10', 'door 2', 'Gate', 'Alpha', 'Door 9', 'Lobby'].map((name) => item(name));
  const rowsOf = (names: string[]) => names.map((name) => itemState(board.find((i) => i.name === name)!, source([])));

  it('puts a filtered subset in the same order as the whole board would', () => {
    const sorted = sortRows(rowsOf(['Gate', 'Door 10', 'Door 9']), board, { column: 'name', reversed: false });
    expect(sorted.map((r) => r.item.name)).toEqual(['Door 9', 'Door 10', 'Gate']);
    const reversed = sortRows(rowsOf(['Alpha', 'Lobby', 'door 2']), board, { column: 'name', reversed: true });
    expect(reversed.map((r) => r.item.name)).toEqual(['Lobby', 'door 2', 'Alpha']);
  });
});
