import { describe, expect, it } from 'vitest';
import { checkZoneCount } from '../../../shared/commands';

describe('zone count check', () => {
  it('accepts a whole number of 0 or more, typed or given', () => {
    expect(checkZoneCount('12')).toEqual({ ok: true, value: 12 });
    expect(checkZoneCount(' 0 ')).toEqual({ ok: true, value: 0 });
    expect(checkZoneCount(3)).toEqual({ ok: true, value: 3 });
  });

  it('refuses anything else, quoting what was entered', () => {
    for (const input of ['-1', '2.5', 'ten', '', 1.5, '99999999999999999999']) {
      const check = checkZoneCount(input);
      expect(check).toMatchObject({ ok: false, reason: expect.stringContaining(`"${String(input).trim()}"`) });
    }
  });
});
