import { describe, expect, it } from 'vitest';
import { readAlarmZone } from '../../../shared/status/alarm-zone';

describe('alarm zone status reading', () => {
  it('online: exactly one of armed, disarmed, user1, user2', () => {
    expect(readAlarmZone(['armed'])).toMatchObject({ verdict: 'normal', words: ['Armed'] });
    expect(readAlarmZone(['user1']).verdict).toBe('normal');
    expect(readAlarmZone(['user2']).verdict).toBe('normal');
    expect(readAlarmZone(['armed', 'user2']).reasons).toEqual(['In error: more than one zone state (armed / user state 2)']);
  });

  it('disarmed is deliberately open (amber)', () => {
    expect(readAlarmZone(['disarmed'])).toMatchObject({ verdict: 'attention', reasons: ['Disarmed'] });
  });

  it('error test: none of armed, disarmed, user1, user2', () => {
    expect(readAlarmZone(['exitDelay']).reasons[0]).toBe(
      'In error: no zone state reported (none of armed / disarmed / user state 1 / user state 2)',
    );
  });

  it('exitDelay and entryDelay never together', () => {
    expect(readAlarmZone(['armed', 'exitDelay']).verdict).toBe('attention');
    expect(readAlarmZone(['armed', 'entryDelay']).verdict).toBe('attention');
    expect(readAlarmZone(['armed', 'exitDelay', 'entryDelay'])).toMatchObject({ verdict: 'alarm' });
  });

  it('online with an attached fence zone: exactly one of lowFeel, highVoltage', () => {
    expect(readAlarmZone(['armed', 'highVoltage']).verdict).toBe('normal');
    expect(readAlarmZone(['armed', 'lowFeel']).verdict).toBe('normal');
    expect(readAlarmZone(['armed', 'lowFeel', 'highVoltage']).reasons).toEqual([
      'In error: low feel / high voltage reported together',
    ]);
  });

  it('an unknown flag is shown by name and never counted as normal', () => {
    expect(readAlarmZone(['armed', 'user3'])).toMatchObject({ verdict: 'attention', words: ['Armed', 'user3'] });
  });
});
