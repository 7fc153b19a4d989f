import { describe, expect, it } from 'vitest';
import { mayShowFenceVoltage, readFenceVoltage, readFenceZone } from '../../../shared/status/fence-zone';

describe('fence zone status reading', () => {
  it('online: exactly one of deterrentUnknown, on, off', () => {
    expect(readFenceZone(['on', 'highVoltage'])).toMatchObject({ verdict: 'normal', reasons: [] });
    expect(readFenceZone(['off', 'lowFeel'])).toMatchObject({ verdict: 'attention', reasons: ['Off'] });
    expect(readFenceZone(['deterrentUnknown'])).toMatchObject({
      verdict: 'alarm',
      reasons: ['Deterrent unknown: energiser cabling problem'],
    });
    expect(readFenceZone(['on', 'off', 'highVoltage']).reasons).toContain('In error: more than one energiser state (on / off)');
  });

  it('error test: none of deterrentUnknown, on, off', () => {
    expect(readFenceZone(['highVoltage']).reasons).toEqual([
      'In error: no energiser state reported (none of deterrent unknown: energiser cabling problem / on / off)',
    ]);
  });

  it('if on, exactly one of lowFeel, highVoltage, hVPlusMode', () => {
    expect(readFenceZone(['on', 'lowFeel']).verdict).toBe('normal');
    expect(readFenceZone(['on', 'hVPlusMode'])).toMatchObject({
      verdict: 'attention',
      reasons: ['High voltage plus after a disturbance'],
    });
    expect(readFenceZone(['on']).verdict).toBe('alarm');
    expect(readFenceZone(['on', 'lowFeel', 'highVoltage']).verdict).toBe('alarm');
  });

  it('if off, exactly one of lowFeel, highVoltage', () => {
    expect(readFenceZone(['off']).reasons).toContain('In error: neither low feel nor high voltage');
    expect(readFenceZone(['off', 'lowFeel', 'highVoltage']).reasons).toContain('In error: both low feel and high voltage');
  });

  it('hVPlusMode only when on', () => {
    expect(readFenceZone(['off', 'lowFeel', 'hVPlusMode']).reasons).toContain(
      'In error: high voltage plus after a disturbance is only possible when on',
    );
    expect(readFenceZone(['deterrentUnknown', 'hVPlusMode']).verdict).toBe('alarm');
  });

  it('alert needs action; warning is attention', () => {
    expect(readFenceZone(['on', 'highVoltage', 'alert'])).toMatchObject({
      verdict: 'alarm',
      reasons: ['Alert: voltage outside the alert range'],
    });
    expect(readFenceZone(['on', 'highVoltage', 'warning']).verdict).toBe('attention');
  });

  it('alert and warning never together', () => {
    expect(readFenceZone(['on', 'highVoltage', 'alert', 'warning']).reasons).toContain(
      'In error: alert: voltage outside the alert range / warning: voltage between the alert and warning ranges reported together',
    );
  });

  it('overridden, serviceMode, preArm and lockedOut are attention; parentAlert needs action', () => {
    for (const flag of ['overridden', 'serviceMode', 'preArm', 'lockedOut']) {
      expect(readFenceZone(['on', 'highVoltage', flag]).verdict).toBe('attention');
    }
    expect(readFenceZone(['on', 'highVoltage', 'parentAlert']).verdict).toBe('alarm');
  });

  it('when not polled only notPolled appears', () => {
    expect(readFenceZone(['notPolled'])).toMatchObject({ verdict: 'unknown', reasons: ['Not polled (shunted): status not known'] });
    expect(readFenceZone(['notPolled', 'on']).reasons[1]).toBe(
      'In error: also reported On, which cannot be current with this status',
    );
  });

  it('when the zone is offline none of these appear', () => {
    expect(readFenceZone(['controllerOffline', 'on', 'highVoltage']).reasons).toEqual([
      'Controller offline',
      'In error: also reported On, High voltage, which cannot be current with this status',
    ]);
  });

  it('voltage valid only with voltageKnown', () => {
    expect(readFenceZone(['on', 'highVoltage', 'voltageKnown']).verdict).toBe('normal');
    expect(readFenceVoltage(['on', 'highVoltage', 'voltageKnown'], 7900)).toEqual({ valid: true, value: 7900 });
    expect(readFenceVoltage(['on', 'highVoltage'], 7900)).toEqual({ valid: false, reason: 'Voltage not known' });
    expect(mayShowFenceVoltage(['on', 'highVoltage'], 7900)).toBe(false);
    expect(mayShowFenceVoltage(['voltageKnown'], undefined)).toBe(false);
    expect(mayShowFenceVoltage(['voltageKnown'], 12.5)).toBe(false);
    expect(mayShowFenceVoltage(['on', 'lowFeel', 'voltageKnown'], 0)).toBe(true);
  });

  it('an unknown flag is shown by name and never counted as normal', () => {
    expect(readFenceZone(['on', 'highVoltage', 'sparks']).verdict).toBe('attention');
  });
});
