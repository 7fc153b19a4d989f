import { describe, expect, it } from 'vitest';
import { parsePayload } from '../../../electron/core/api/payload';
import { AccessZone, AlarmZone, ElevatorGroup, FenceZone } from '../../../electron/core/api/item-schemas';

describe('item payload schemas', () => {
  it('accepts an access zone\'s doors flat or nested one level deeper (as the sample shows), giving a flat list', () => {
    const flat = parsePayload(AccessZone, { href: 'h', id: '1', name: 'Lobby', doors: [{ name: 'A', href: 'a' }] }, 'x');
    const nested = parsePayload(AccessZone, { href: 'h', id: '1', name: 'Lobby', doors: [[{ name: 'A', href: 'a' }]] }, 'x');
    expect(nested.doors).toEqual(flat.doors);
  });

  it('names the field that does not fit', () => {
    expect(() => parsePayload(AccessZone, { href: 'h', id: '1', name: 'L', zoneCount: 'many' }, 'Access zone detail')).toThrow(
      /Access zone detail: field zoneCount/,
    );
    expect(() => parsePayload(FenceZone, { href: 'h', id: '1', name: 'F', voltage: '7k' }, 'x')).toThrow(/field voltage/);
    expect(() =>
      parsePayload(ElevatorGroup, { href: 'h', name: 'E', floorAccess: [{ floorNumber: 'ground' }] }, 'x'),
    ).toThrow(/field floorAccess\.0\.floorNumber/);
  });

  it('requires the site\'s name on alarm zone commands (user1/user2 may be renamed)', () => {
    const zone = { href: 'h', id: '1', name: 'Z', commands: { user1: { href: 'u', name: 'Night' } } };
    expect(parsePayload(AlarmZone, zone, 'x').commands?.user1?.name).toBe('Night');
    expect(() => parsePayload(AlarmZone, { ...zone, commands: { user1: { href: 'u' } } }, 'x')).toThrow(/commands\.user1\.name/);
  });
});
