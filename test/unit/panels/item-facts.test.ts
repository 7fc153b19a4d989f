import { describe, expect, it } from 'vitest';
import { commonFacts, typeFacts } from '../../../renderer/src/panels/lib/item-facts';
import { item, status } from '../renderer/fixtures';

const value = (facts: { term: string; value: string }[], term: string) => facts.find((f) => f.term === term)?.value;

describe('panel facts by kind', () => {
  it('a fence voltage is shown only with voltageKnown', () => {
    const fence = item('East', { kind: 'fenceZone' });
    expect(value(typeFacts(fence, { ...status(fence, ['on', 'highVoltage', 'voltageKnown']), voltage: 8200 }), 'Voltage')).toBe(
      '8200 (valid: voltage known)',
    );
    expect(value(typeFacts(fence, { ...status(fence, ['on', 'highVoltage']), voltage: 8200 }), 'Voltage')).toBe(
      'Voltage not known — no valid reading',
    );
  });

  it('a zone count with its flags, and the doors of a zone', () => {
    const zone = item('Lobby', { kind: 'accessZone', doors: [{ href: 'd1', name: 'Main' }, { href: 'd2', name: 'Side' }] });
    const facts = typeFacts(zone, { ...status(zone, ['secure', 'zoneCountTooHigh', 'zoneCountInGrace']), zoneCount: 201 });
    expect(value(facts, 'Zone count')).toBe('201 — too high (in grace period)');
    expect(value(facts, 'Doors')).toBe('Main, Side');
  });

  it("a door's entry and exit zones; division by name, else id, else says it was not given", () => {
    const door = item('Gate', { entryAccessZone: { href: 'z1', name: 'Lobby' } });
    expect(typeFacts(door, undefined)).toEqual([
      { term: 'Entry zone', value: 'Lobby' },
      { term: 'Exit zone', value: 'Not given' },
    ]);
    expect(value(commonFacts(item('A', { division: { href: 'x', id: 'north', name: 'North Building' } })), 'Division')).toBe('North Building');
    expect(value(commonFacts(item('A', { division: { href: 'x', id: 'north' } })), 'Division')).toBe('north');
    expect(value(commonFacts(item('A')), 'Division')).toBe('Not given');
  });
});
