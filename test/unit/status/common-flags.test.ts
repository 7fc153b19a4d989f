import { describe, expect, it } from 'vitest';
import { ItemKind } from '../../../shared/domain';
import { readStatus } from '../../../shared/status';

const ABNORMAL_IN_PRIORITY_ORDER = [
  ['unsaved', 'Not saved on the server yet'],
  ['deleted', 'Deleted on the server'],
  ['unconfigured', 'Not fully configured'],
  ['remoteServerOffline', 'On another server that cannot be reached'],
  ['processOffline', "Server's hardware communication is not running"],
  ['controllerOffline', 'Controller offline'],
  ['notPolled', 'Not polled (shunted): status not known'],
  ['deviceNotResponding', 'Device not responding'],
] as const;

describe.each(ItemKind.options)('common flags, %s', (kind) => {
  it('abnormal flags: each alone gives grey with its reason', () => {
    for (const [flag, reason] of ABNORMAL_IN_PRIORITY_ORDER) {
      const reading = readStatus(kind, [flag]);
      expect(reading.verdict).toBe(flag === 'notPolled' ? 'unknown' : 'offline');
      expect(reading.reasons[0]).toBe(reason);
    }
  });

  it('abnormal flags: the earlier one in priority order wins (a lower one means none of the earlier applies)', () => {
    for (let i = 0; i < ABNORMAL_IN_PRIORITY_ORDER.length - 1; i++) {
      const [earlier, reason] = ABNORMAL_IN_PRIORITY_ORDER[i]!;
      const [later] = ABNORMAL_IN_PRIORITY_ORDER[i + 1]!;
      expect(readStatus(kind, [later, earlier]).reasons[0]).toBe(reason);
    }
  });

  it('abnormal flags: none appears with another flag, so companions are called out as not current', () => {
    const reading = readStatus(kind, ['controllerOffline', 'sparkling']);
    expect(reading.verdict).toBe('offline');
    expect(reading.reasons[1]).toBe('In error: also reported sparkling, which cannot be current with this status');
  });

  it('notPolled alone: shunted is grey, with any other flag named as an error', () => {
    expect(readStatus(kind, ['notPolled'])).toMatchObject({ verdict: 'unknown', reasons: ['Not polled (shunted): status not known'] });
    expect(readStatus(kind, ['notPolled', 'on']).reasons).toHaveLength(2);
  });

  it('deviceNotResponding may be accompanied by encryptionKeysTampered, which is a tamper (red)', () => {
    const reading = readStatus(kind, ['deviceNotResponding', 'encryptionKeysTampered']);
    expect(reading).toMatchObject({ verdict: 'alarm', reasons: ['Device not responding', 'Encryption keys tampered'] });
  });

  it('unknown: everything fine but no current status is grey, not normal', () => {
    expect(readStatus(kind, ['unknown'])).toMatchObject({ verdict: 'unknown', reasons: ['Status not known yet'] });
  });

  it('controllerUnknown: transient fetch is grey, not normal', () => {
    expect(readStatus(kind, ['controllerUnknown'])).toMatchObject({
      verdict: 'unknown',
      reasons: ['Fetching status from the controller'],
    });
  });

  it('more abnormal flags may be added later: an unknown flag alone is never normal and is shown by name', () => {
    const reading = readStatus(kind, ['batteryFlat']);
    expect(reading.verdict).not.toBe('normal');
    expect(reading.words).toEqual(['batteryFlat']);
    expect(reading.reasons).toContain('Unrecognised flag: batteryFlat');
  });
});
