import { describe, expect, it } from 'vitest';
import { placeOnFloors } from '../../../electron/core/board/floors';
import type { ElevatorGroup } from '../../../electron/core/api/item-schemas';
import { comparePlaces } from '../../../shared/board/places';

const north: ElevatorGroup = {
  href: 'https://s/api/elevator_groups/n',
  name: 'North Lifts',
  floorAccess: [
    { floorNumber: 2, floorName: 'Level 2', frontAccessZone: { href: 'z2' } },
    { floorNumber: 1, floorName: 'Level 1', frontAccessZone: { href: 'z1' }, rearAccessZone: { href: 'zShared' } },
  ],
};
const south: ElevatorGroup = {
  href: 'https://s/api/elevator_groups/s',
  name: 'South Lifts',
  floorAccess: [{ floorNumber: 1, frontAccessZone: { href: 'zShared' } }],
};

describe('placing items on floors', () => {
  it('puts an access zone on every floor a lift serves it from, floors in number order then by building', () => {
    const placed = placeOnFloors([south, north], [{ href: 'zShared', kind: 'accessZone' }]);
    expect(placed.get('zShared')!.map((f) => [f.name, f.building])).toEqual([
      ['Level 1', 'North Lifts'],
      ['Floor 1', 'South Lifts'],
    ]);
  });

  it('keeps two buildings\' floors of the same number apart by key', () => {
    const placed = placeOnFloors([north, south], [{ href: 'zShared', kind: 'accessZone' }]);
    const keys = placed.get('zShared')!.map((f) => f.key);
    // By path only: the same site at another address keeps its layout.
    expect(keys).toEqual(['floor:/api/elevator_groups/n:1', 'floor:/api/elevator_groups/s:1']);
  });

  it('puts a door on the floor of the zone it leads into, or out of when that one has no floor', () => {
    const placed = placeOnFloors([north], [
      { href: 'd1', kind: 'door', entryAccessZone: { href: 'z2' }, exitAccessZone: { href: 'z1' } },
      { href: 'd2', kind: 'door', entryAccessZone: { href: 'outside' }, exitAccessZone: { href: 'z1' } },
    ]);
    expect(placed.get('d1')!.map((f) => f.name)).toEqual(['Level 2']);
    expect(placed.get('d2')!.map((f) => f.name)).toEqual(['Level 1']);
  });

  it('falls back to the zones that list a door among their doors when the door names no zone', () => {
    const placed = placeOnFloors([north], [
      { href: 'z2', kind: 'accessZone', doors: [{ href: 'd3' }] },
      { href: 'd3', kind: 'door' },
    ]);
    expect(placed.get('d3')!.map((f) => f.name)).toEqual(['Level 2']);
  });

  it('leaves everything else without a floor (the board shows it under Site)', () => {
    const placed = placeOnFloors([north], [
      { href: 'a', kind: 'alarmZone' },
      { href: 'zNone', kind: 'accessZone' },
      { href: 'dOut', kind: 'door', entryAccessZone: { href: 'outside' } },
    ]);
    expect([...placed.values()].every((floors) => floors.length === 0)).toBe(true);
  });

  it('orders the site after every floor', () => {
    const site = { key: 'site', name: 'Site' };
    const floor = { key: 'f', name: 'Level 10', floorNumber: 10, building: 'B' };
    expect([site, floor].sort(comparePlaces)).toEqual([floor, site]);
  });
});
