import { describe, expect, it } from 'vitest';
import { parseLocalDateTime, toLocalDateTime } from '../../../renderer/src/lib/override/local-date-time';

describe('datetime-local values for end times', () => {
  it('reads and writes them in local time', () => {
    expect(parseLocalDateTime('2026-11-21T13:15')).toBe(new Date(2026, 10, 21, 13, 15).getTime());
    expect(parseLocalDateTime('2026-11-21T13:15:30')).toBe(new Date(2026, 10, 21, 13, 15, 30).getTime());
    expect(toLocalDateTime(new Date(2026, 0, 2, 3, 4).getTime())).toBe('2026-01-02T03:04');
  });

  it('gives NaN for an empty value and for dates that do not exist, instead of rolling them over', () => {
    expect(parseLocalDateTime('')).toBeNaN();
    expect(parseLocalDateTime('2026-02-31T10:00')).toBeNaN();
    expect(parseLocalDateTime('tomorrow')).toBeNaN();
  });
});
