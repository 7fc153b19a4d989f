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

  // cc_rest.yaml: AlarmZoneDetail.commands: state commands carry the state's name; cancel is an href only.
  it('keeps the site\'s name on alarm zone commands and reads a cancel without one', () => {
    const zone = { href: 'h', id: '1', name: 'Z', commands: { user1: { href: 'u', name: 'Night' }, cancel: { href: 'c' } } };
    const parsed = parsePayload(AlarmZone, zone, 'x');
    expect(parsed.commands?.user1?.name).toBe('Night');
    expect(parsed.commands?.cancel).toEqual({ href: 'c' });
    expect(() => parsePayload(AlarmZone, { ...zone, commands: { user1: { href: 'u', name: 7 } } }, 'x')).toThrow(/commands\.user1\.name/);
  });
});
