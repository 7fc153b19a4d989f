import { describe, expect, it } from 'vitest';
import { END_TIME_MARGIN_MS, checkEndTime } from '../../../shared/commands';

const now = new Date('2026-11-21T12:00:00.000Z');
const ahead = (ms: number) => new Date(now.getTime() + ms);
const HOUR = 3_600_000;

describe('override end time check', () => {
  it('accepts an end time within the next 24 hours and gives the ISO 8601 string to send', () => {
    expect(checkEndTime(ahead(HOUR), now)).toEqual({ ok: true, value: '2026-11-21T13:00:00.000Z' });
    expect(checkEndTime('2026-11-21T14:30:00+01:00', now)).toEqual({ ok: true, value: '2026-11-21T13:30:00.000Z' });
  });

  it('refuses an end time in the past', () => {
    expect(checkEndTime(ahead(-1000), now)).toEqual({
      ok: false,
      reason: 'The end time has already passed. Choose a time in the future.',
    });
    expect(checkEndTime(now, now).ok).toBe(false);
  });

  it('refuses an end time too close to now for the server, which converts it to a duration', () => {
    const check = checkEndTime(ahead(END_TIME_MARGIN_MS - 1), now);
    expect(check).toMatchObject({ ok: false, reason: expect.stringMatching(/less than a minute away/) });
    expect(checkEndTime(ahead(END_TIME_MARGIN_MS), now).ok).toBe(true);
  });

  it('refuses an end time more than 24 hours ahead, keeping the margin inside the limit', () => {
    expect(checkEndTime(ahead(25 * HOUR), now)).toEqual({
      ok: false,
      reason: 'The end time is more than 24 hours ahead. The server accepts end times up to 24 hours from now.',
    });
    expect(checkEndTime(ahead(24 * HOUR), now).ok).toBe(false);
    expect(checkEndTime(ahead(24 * HOUR - END_TIME_MARGIN_MS), now).ok).toBe(true);
  });

  it('refuses text that is not a date and time with a time zone, quoting it', () => {
    for (const text of ['tomorrow', '2026-11-21T13:00', '2026-11-21']) {
      const check = checkEndTime(text, now);
      expect(check.ok).toBe(false);
      if (!check.ok) expect(check.reason).toContain(`"${text}"`);
    }
  });

  it('refuses an impossible date', () => {
    expect(checkEndTime(new Date(Number.NaN), now)).toEqual({ ok: false, reason: 'The end time is not a valid date and time.' });
    expect(checkEndTime('2026-13-45T10:00:00Z', now).ok).toBe(false);
  });
});
