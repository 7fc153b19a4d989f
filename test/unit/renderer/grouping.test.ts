import { describe, expect, it } from 'vitest';
import { groupItems } from '../../../renderer/src/lib/board/grouping';
import { divisionChoices, matchesFilter } from '../../../renderer/src/lib/board/search';
import { item } from './fixtures';

describe('board grouping', () => {
  it('groups by item.group in natural floor order, with Site last and names sorted within', () => {
    const groups = groupItems([
      item('Loading bay'),
      item('Lift lobby 10', { group: 'Floor 10' }),
      item('Stair B', { group: 'Floor 2' }),
      item('Stair A', { group: 'Floor 2' }),
      item('Atrium', { group: 'Ground' }),
    ]);
    expect(groups.map((g) => g.name)).toEqual(['Floor 2', 'Floor 10', 'Ground', 'Site']);
    expect(groups[0]!.items.map((i) => i.name)).toEqual(['Stair A', 'Stair B']);
  });

  it('puts an item with a blank group under Site', () => {
    expect(groupItems([item('Gate', { group: '  ' })]).map((g) => g.name)).toEqual(['Site']);
  });
});

describe('board search and type filter', () => {
  const door = item('North entrance', { group: 'Ground', division: { href: 'd', name: 'Facilities' } });
  const zone = item('Server room', { kind: 'accessZone', description: 'Level 3 comms' });

  it('matches every word in name, description, group or division, ignoring case', () => {
    expect(matchesFilter(door, { text: 'north GROUND', kind: 'all', division: 'all' })).toBe(true);
    expect(matchesFilter(door, { text: 'facilities', kind: 'all', division: 'all' })).toBe(true);
    expect(matchesFilter(zone, { text: 'comms', kind: 'all', division: 'all' })).toBe(true);
    expect(matchesFilter(door, { text: 'north basement', kind: 'all', division: 'all' })).toBe(false);
  });

  it('filters by division href, leaving out items without a division', () => {
    expect(matchesFilter(door, { text: '', kind: 'all', division: 'd' })).toBe(true);
    expect(matchesFilter(zone, { text: '', kind: 'all', division: 'd' })).toBe(false);
  });

  it('offers each division once, by name, falling back to its id', () => {
    const items = [door, item('B', { division: { href: 'd2', id: '7' } }), item('C', { division: { href: 'd', name: 'Facilities' } })];
    expect(divisionChoices(items)).toEqual([
      { href: 'd2', label: '7' },
      { href: 'd', label: 'Facilities' },
    ]);
  });

  it('filters by item type', () => {
    expect(matchesFilter(zone, { text: '', kind: 'door', division: 'all' })).toBe(false);
    expect(matchesFilter(zone, { text: '', kind: 'accessZone', division: 'all' })).toBe(true);
  });
});
