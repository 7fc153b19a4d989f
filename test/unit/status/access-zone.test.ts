import { describe, expect, it } from 'vitest';
import { readAccessZone } from '../../../shared/status/access-zone';

describe('access zone status reading', () => {
  it('rule (1): online and not locked down, exactly one of secure, dualAuth, codeOrCard, free', () => {
    for (const mode of ['secure', 'dualAuth', 'codeOrCard']) expect(readAccessZone([mode]).verdict).toBe('normal');
    expect(readAccessZone(['free'])).toMatchObject({ verdict: 'attention', reasons: ['Free'] });
    expect(readAccessZone(['secure', 'free'])).toMatchObject({
      verdict: 'alarm',
      reasons: ['In error: more than one zone mode (secure / free)', 'Free'],
    });
  });

  it('rule (2): online and locked down, exactly one of secure, dualAuth', () => {
    expect(readAccessZone(['lockedDown', 'secure'])).toMatchObject({ verdict: 'attention', reasons: ['Locked down'] });
    expect(readAccessZone(['lockedDown', 'dualAuth']).verdict).toBe('attention');
    expect(readAccessZone(['lockedDown']).reasons).toContain('In error: neither secure nor dual authentication');
    expect(readAccessZone(['lockedDown', 'secure', 'dualAuth']).reasons).toContain(
      'In error: both secure and dual authentication',
    );
  });

  it('codeOrCard and free are never present during lockdown', () => {
    for (const mode of ['codeOrCard', 'free']) {
      const reading = readAccessZone(['lockedDown', 'secure', mode]);
      expect(reading.verdict).toBe('alarm');
      expect(reading.reasons[0]).toMatch(/during lockdown$/);
    }
  });

  it('usePin: a PIN is also needed, still normal', () => {
    expect(readAccessZone(['secure', 'usePin'])).toMatchObject({ verdict: 'normal', words: ['Secure', 'PIN needed too'] });
  });

  it('rule (3): thirdPartyOutputOnly appears alone, as normal operation', () => {
    expect(readAccessZone(['thirdPartyOutputOnly']).verdict).toBe('normal');
    expect(readAccessZone(['thirdPartyOutputOnly', 'secure']).reasons).toEqual([
      'In error: third-party lock output only came with Secure',
    ]);
  });

  it('rule (3): only secure accompanies mobileZone', () => {
    expect(readAccessZone(['mobileZone', 'secure']).verdict).toBe('normal');
    expect(readAccessZone(['mobileZone']).reasons).toEqual(['In error: mobile zone without secure']);
    expect(readAccessZone(['mobileZone', 'secure', 'free']).reasons).toContain('In error: mobile zone came with Free');
  });

  it('rule (3): a zone with both third-party output and mobile access shows only thirdPartyOutputOnly', () => {
    expect(readAccessZone(['thirdPartyOutputOnly', 'mobileZone']).verdict).toBe('alarm');
  });

  it('zone count out of range (too high / too low) needs action', () => {
    expect(readAccessZone(['secure', 'zoneCountTooHigh'])).toMatchObject({ verdict: 'alarm', reasons: ['Zone count too high'] });
    expect(readAccessZone(['secure', 'zoneCountTooLow'])).toMatchObject({ verdict: 'alarm', reasons: ['Zone count too low'] });
    expect(readAccessZone(['secure', 'zoneCountTooHigh', 'zoneCountTooLow']).reasons).toContain(
      'In error: zone count too high / zone count too low reported together',
    );
  });

  it('rule (4): zoneCountInGrace comes with exactly one of zoneCountTooHigh, zoneCountTooLow, and is attention while in grace', () => {
    expect(readAccessZone(['secure', 'zoneCountTooHigh', 'zoneCountInGrace'])).toMatchObject({
      verdict: 'attention',
      reasons: ['Zone count too high', 'Zone count in grace period'],
    });
    expect(readAccessZone(['secure', 'zoneCountInGrace']).reasons).toContain(
      'In error: neither zone count too high nor zone count too low',
    );
  });

  it('rule (5) error test: none of secure, dualAuth, codeOrCard, free, thirdPartyOutputOnly, mobileZone', () => {
    expect(readAccessZone(['usePin'])).toMatchObject({
      verdict: 'alarm',
      reasons: ['In error: no zone mode reported (none of secure / dual authentication / code or card / free)'],
    });
    expect(readAccessZone([]).verdict).toBe('alarm');
  });

  it('an unknown flag is shown by name and never counted as normal', () => {
    expect(readAccessZone(['secure', 'glitter'])).toMatchObject({
      verdict: 'attention',
      words: ['Secure', 'glitter'],
      reasons: ['Unrecognised flag: glitter'],
    });
  });
});
