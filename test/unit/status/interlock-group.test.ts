import { describe, expect, it } from 'vitest';
import { readInterlockGroup } from '../../../shared/status/interlock-group';

describe('interlock group status reading', () => {
  it('normal = secure or open', () => {
    expect(readInterlockGroup(['secure'])).toMatchObject({ verdict: 'normal', reasons: [] });
    expect(readInterlockGroup(['open'])).toMatchObject({ verdict: 'normal', reasons: [] });
  });

  it('overridden (disabled) is attention; forced (rules breached) needs action', () => {
    expect(readInterlockGroup(['overridden'])).toMatchObject({ verdict: 'attention', reasons: ['Overridden: interlocking disabled'] });
    expect(readInterlockGroup(['forced'])).toMatchObject({ verdict: 'alarm', reasons: ['Forced: interlock rules breached'] });
  });

  it('one flag when not in error', () => {
    expect(readInterlockGroup([]).verdict).toBe('alarm');
    expect(readInterlockGroup(['secure', 'overridden']).reasons).toContain(
      'In error: more than one interlock state (secure / overridden: interlocking disabled)',
    );
  });

  it('an unknown flag is shown by name and never counted as normal', () => {
    expect(readInterlockGroup(['secure', 'jammed'])).toMatchObject({ verdict: 'attention', words: ['Secure', 'jammed'] });
  });
});
