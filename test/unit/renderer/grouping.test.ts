import { describe, expect, it } from 'vitest';
import type { FloorPlace } from '../../../shared/domain';
import { groupItems, orderGroups } from '../../../renderer/src/board/lib/grouping';
import { divisionChoices, floorChoices, matchesFilter } from '../../../renderer/src/board/lib/search';
import { item } from './fixtures';

const floor = (n: number, building: string, name = `Level ${n}`): FloorPlace => ({ key: `floor:${building}:${n}`, name, floorNumber: n, building });
const NORTH_1 = floor(1, 'North Lifts');
const NORTH_2 = floor(2, 'North Lifts');
const SOUTH_1 = floor(1, 'South Lifts');
const NORTH_10 = floor(10, 'North Lifts');

describe('board grouping by floor', () => {
  it('orders floors by number, then by building, with Site last and names sorted within', () => {
    const groups = groupItems([
      item('Gate'),
      item('Plant 10', { floors: [NORTH_10] }),
      item('Stair B', { floors: [NORTH_2] }),
      item('Stair A', { floors: [NORTH_2] }),
      item('South lobby', { floors: [SOUTH_1] }),
      item('North lobby', { floors: [NORTH_1] }),
    ]);
    expect(groups.map((g) => g.label)).toEqual([
      'Level 1 · North Lifts',
      'Level 1 · South Lifts',
      'Level 2 · North Lifts',
      'Level 10 · North Lifts',
      'Site',
    ]);
    expect(groups[2]!.items.map((i) => i.name)).toEqual(['Stair A', 'Stair B']);
  });

  it('shows an item on every floor it is on', () => {
    const groups = groupItems([item('Shared zone', { kind: 'accessZone', floors: [NORTH_1, SOUTH_1] })]);
    expect(groups.map((g) => [g.label, g.items.length])).toEqual([
      ['Level 1 · North Lifts', 1],
      ['Level 1 · South Lifts', 1],
    ]);
  });

  it('puts pinned items first, in pin order, and keeps them on their floor too', () => {
    const a = item('A', { floors: [NORTH_1] });
    const b = item('B');
    const groups = groupItems([a, b], { pinned: [b.href, a.href, 'gone'], order: [] });
    expect(groups.map((g) => g.key)).toEqual(['pinned', NORTH_1.key, 'site']);
    expect(groups[0]!.items.map((i) => i.name)).toEqual(['B', 'A']);
  });

  it('follows the operator\'s group order; groups never placed keep their natural place after', () => {
    const groups = groupItems([item('A', { floors: [NORTH_1] }), item('B', { floors: [NORTH_2] }), item('C')], {
      pinned: [],
      order: ['site', NORTH_2.key],
    });
    expect(groups.map((g) => g.key)).toEqual(['site', NORTH_2.key, NORTH_1.key]);
    expect(orderGroups([{ key: 'x' }, { key: 'y' }], ['gone'])).toEqual([{ key: 'x' }, { key: 'y' }]);
  });
});

describe('board search and filters', () => {
  const door = item('North entrance', { floors: [NORTH_1], division: { href: 'd', name: 'Facilities' }, shortName: 'N-ent' });
  const zone = item('Server room', { kind: 'accessZone', description: 'Level 3 comms' });
  const all = { text: '', kind: 'all', division: 'all', floor: 'all' } as const;

  it('matches every word in name, short name, description, floor or division, ignoring case', () => {
    expect(matchesFilter(door, { ...all, text: 'north LIFTS' })).toBe(true);
    expect(matchesFilter(door, { ...all, text: 'facilities level 1' })).toBe(true);
    expect(matchesFilter(door, { ...all, text: 'n-ent' })).toBe(true);
    expect(matchesFilter(zone, { ...all, text: 'comms site' })).toBe(true);
    expect(matchesFilter(door, { ...all, text: 'north basement' })).toBe(false);
  });

  it('filters by division, floor and type', () => {
    expect(matchesFilter(door, { ...all, division: 'd' })).toBe(true);
    expect(matchesFilter(zone, { ...all, division: 'd' })).toBe(false);
    expect(matchesFilter(door, { ...all, floor: NORTH_1.key })).toBe(true);
    expect(matchesFilter(zone, { ...all, floor: NORTH_1.key })).toBe(false);
    expect(matchesFilter(zone, { ...all, floor: 'site' })).toBe(true);
    expect(matchesFilter(zone, { ...all, kind: 'door' })).toBe(false);
  });

  it('offers each division once, by name, falling back to its id, and floors in board order', () => {
    const items = [door, zone, item('B', { division: { href: 'd2', id: '7' } }), item('C', { division: { href: 'd', name: 'Facilities' }, floors: [SOUTH_1] })];
    expect(divisionChoices(items)).toEqual([
      { value: 'd2', label: '7' },
      { value: 'd', label: 'Facilities' },
    ]);
    expect(floorChoices(items).map((c) => c.label)).toEqual(['Level 1 · North Lifts', 'Level 1 · South Lifts', 'Site']);
  });
});
