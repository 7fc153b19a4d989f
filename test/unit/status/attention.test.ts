import { describe, expect, it } from 'vitest';
import { ATTENTION_ORDER, attentionConcern, forAttentionStrip, readStatus } from '../../../shared/status';
import type { ItemKind } from '../../../shared/domain';

function item(name: string, kind: ItemKind, flags: string[]) {
  return { name, flags, reading: readStatus(kind, flags) };
}

describe('attention strip ranking', () => {
  it('names the concern behind each abnormal reading', () => {
    expect(attentionConcern(...pair('door', ['open', 'unlocked', 'secure', 'forced']))).toBe('forced');
    expect(attentionConcern(...pair('input', ['closed', 'tamper']))).toBe('tamper');
    expect(attentionConcern(...pair('door', ['deviceNotResponding', 'encryptionKeysTampered']))).toBe('tamper');
    expect(attentionConcern(...pair('fenceZone', ['on', 'highVoltage', 'alert']))).toBe('alert');
    expect(attentionConcern(...pair('fenceZone', ['on', 'highVoltage', 'parentAlert']))).toBe('alert');
    expect(attentionConcern(...pair('door', ['open', 'locked', 'secure', 'openTooLong']))).toBe('openTooLong');
    expect(attentionConcern(...pair('door', ['controllerOffline']))).toBe('offline');
    expect(attentionConcern(...pair('door', ['unknown']))).toBe('unknown');
    expect(attentionConcern(...pair('accessZone', ['secure', 'zoneCountTooHigh']))).toBe('zoneCount');
    expect(attentionConcern(...pair('accessZone', ['free']))).toBe('attention');
    expect(attentionConcern(...pair('door', ['closed', 'locked', 'secure']))).toBeUndefined();
  });

  it('forced beats tamper on the same item', () => {
    expect(attentionConcern(...pair('door', ['open', 'unlocked', 'secure', 'tamper', 'forced']))).toBe('forced');
  });

  it('lists only abnormal items, worst first: forced, tamper, alert, open too long, zone count out of range, offline, unknown, other alarms, attention', () => {
    const items = [
      item('free zone', 'accessZone', ['free']),
      item('quiet door', 'door', ['closed', 'locked', 'secure']),
      item('count', 'accessZone', ['secure', 'zoneCountTooLow']),
      item('unknown door', 'door', ['unknown']),
      item('offline door', 'door', ['controllerOffline']),
      item('propped door', 'door', ['open', 'locked', 'secure', 'openTooLong']),
      item('fence', 'fenceZone', ['on', 'highVoltage', 'alert']),
      item('input', 'input', ['open', 'tamper']),
      item('forced door', 'door', ['open', 'locked', 'secure', 'forced']),
    ];
    expect(forAttentionStrip(items).map((i) => i.name)).toEqual([
      'forced door',
      'input',
      'fence',
      'propped door',
      'count',
      'offline door',
      'unknown door',
      'free zone',
    ]);
    expect(ATTENTION_ORDER).toHaveLength(9);
  });

  it('keeps items of the same concern in the order given', () => {
    const items = ['a', 'b', 'c'].map((name) => item(name, 'door', ['controllerOffline']));
    expect(forAttentionStrip(items.toReversed()).map((i) => i.name)).toEqual(['c', 'b', 'a']);
  });
});

function pair(kind: ItemKind, flags: string[]) {
  return [flags, readStatus(kind, flags)] as const;
}
