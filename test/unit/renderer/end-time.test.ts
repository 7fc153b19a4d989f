import { describe, expect, it } from 'vitest';
import { endTimeProblem, MAX_AHEAD_MS, parseLocalDateTime, toLocalDateTime } from '../../../renderer/src/lib/override/end-time';

const now = new Date(2026, 10, 21, 12, 0).getTime();

describe('override end time', () => {
  it('refuses a time in the past or now', () => {
    expect(endTimeProblem(now - 60_000, now)).toMatch(/already passed/);
    expect(endTimeProblem(now, now)).toMatch(/already passed/);
  });

  it('refuses more than 24 hours ahead and accepts exactly 24 hours', () => {
    expect(endTimeProblem(now + MAX_AHEAD_MS + 60_000, now)).toMatch(/24 hours/);
    expect(endTimeProblem(now + MAX_AHEAD_MS, now)).toBeUndefined();
  });

  it('asks for a time when none was chosen', () => {
    expect(endTimeProblem(parseLocalDateTime(''), now)).toBe('Choose an end time');
  });

  it('reads and writes datetime-local values in local time', () => {
    expect(parseLocalDateTime('2026-11-21T13:15')).toBe(new Date(2026, 10, 21, 13, 15).getTime());
    expect(toLocalDateTime(new Date(2026, 0, 2, 3, 4).getTime())).toBe('2026-01-02T03:04');
  });

  it('rejects dates that do not exist instead of rolling them over', () => {
    expect(parseLocalDateTime('2026-02-31T10:00')).toBeNaN();
    expect(parseLocalDateTime('tomorrow')).toBeNaN();
  });
});
