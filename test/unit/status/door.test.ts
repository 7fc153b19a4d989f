import { describe, expect, it } from 'vitest';
import { readDoor } from '../../../shared/status/door';

describe('door status reading', () => {
  it('is normal when closed, locked and secure', () => {
    expect(readDoor(['closed', 'locked', 'secure'])).toMatchObject({ verdict: 'normal', reasons: [] });
  });

  it('is attention while deliberately unlocked or open', () => {
    expect(readDoor(['closed', 'unlocked', 'secure']).verdict).toBe('attention');
    expect(readDoor(['open', 'unlocked', 'free']).reasons).toEqual(['Open', 'Unlocked', 'Free']);
  });

  it('is alarm when forced, open too long or tampered, worst winning over open', () => {
    for (const f of ['forced', 'openTooLong', 'tamper']) {
      expect(readDoor(['open', 'locked', 'secure', f]).verdict).toBe('alarm');
    }
  });

  it('lists alarm reasons before attention reasons, whatever order the flags came in', () => {
    expect(readDoor(['open', 'unlocked', 'secure', 'forced']).reasons).toEqual(['Forced', 'Open', 'Unlocked']);
  });

  it('is alarm when the door is in error (neither open nor closed)', () => {
    expect(readDoor(['locked', 'secure'])).toMatchObject({ verdict: 'alarm', reasons: ['In error: neither open nor closed'] });
  });

  it('rule: exactly one of closed/open', () => {
    expect(readDoor(['open', 'closed', 'locked', 'secure'])).toMatchObject({
      verdict: 'alarm',
      reasons: ['In error: both open and closed', 'Open'],
    });
  });

  it('rule: exactly one of locked/unlocked', () => {
    expect(readDoor(['closed', 'secure']).reasons).toEqual(['In error: neither locked nor unlocked']);
    expect(readDoor(['closed', 'locked', 'unlocked', 'secure']).reasons).toContain('In error: both locked and unlocked');
  });

  it('rule: exactly one of secure/free', () => {
    expect(readDoor(['closed', 'locked']).reasons).toEqual(['In error: neither secure nor free']);
    expect(readDoor(['closed', 'locked', 'secure', 'free']).verdict).toBe('alarm');
  });

  it('is offline with the highest-priority abnormal flag as reason', () => {
    expect(readDoor(['controllerOffline'])).toMatchObject({ verdict: 'offline', reasons: ['Controller offline'] });
  });

  it('is red when device not responding comes with tampered encryption keys', () => {
    expect(readDoor(['deviceNotResponding', 'encryptionKeysTampered'])).toMatchObject({
      verdict: 'alarm',
      reasons: ['Device not responding', 'Encryption keys tampered'],
    });
  });

  it('is unknown (grey) for unknown and controllerUnknown', () => {
    expect(readDoor(['unknown']).verdict).toBe('unknown');
    expect(readDoor(['controllerUnknown']).verdict).toBe('unknown');
  });

  it('shows a flag it does not know by name and never counts it as normal', () => {
    const reading = readDoor(['closed', 'locked', 'secure', 'sparkling']);
    expect(reading.verdict).toBe('attention');
    expect(reading.words).toContain('sparkling');
    expect(reading.reasons).toEqual(['Unrecognised flag: sparkling']);
  });
});

