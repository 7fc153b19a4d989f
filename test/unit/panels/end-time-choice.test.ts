import { describe, expect, it } from 'vitest';
import { endDays, resolveEndTime } from '../../../renderer/src/lib/override/end-time-choice';
import { DEFAULT_SHIFT_ENDS, loadShiftEnds, nextShiftEnd, parseShiftEnds, saveShiftEnds } from '../../../renderer/src/panels/lib/shift-ends';

const now = new Date(2026, 10, 23, 10, 30);
const minutes = (m: number) => new Date(now.getTime() + m * 60_000);

describe('the override dialog: how long a timed mode lasts', () => {
  it('"until the next scheduled change" sends no end time (the plain command)', () => {
    expect(resolveEndTime({ kind: 'schedule' }, now)).toEqual({ ok: true, value: undefined });
  });

  it('presets are counted from the moment of sending, not from when they were picked', () => {
    expect(resolveEndTime({ kind: 'preset', id: '15min' }, now)).toEqual({ ok: true, value: minutes(15).toISOString() });
    expect(resolveEndTime({ kind: 'preset', id: '4h' }, minutes(10))).toEqual({ ok: true, value: minutes(250).toISOString() });
  });

  it('end of shift is the next shift end on the wall clock, and needs one to be set', () => {
    expect(resolveEndTime({ kind: 'preset', id: 'endOfShift' }, now, { hours: 19, minutes: 0 })).toEqual({
      ok: true,
      value: new Date(2026, 10, 23, 19, 0).toISOString(),
    });
    expect(resolveEndTime({ kind: 'preset', id: 'endOfShift' }, now)).toMatchObject({ ok: false, reason: /no shift end is set/ });
  });

  it('a day and a 24-hour time typed are sent as an ISO time with a zone', () => {
    const [today, tomorrow] = endDays(now.getTime(), 'en-GB');
    expect(today).toEqual({ date: '2026-11-23', label: 'Today, 23 Nov 2026' });
    expect(tomorrow).toEqual({ date: '2026-11-24', label: 'Tomorrow, 24 Nov 2026' });
    expect(resolveEndTime({ kind: 'custom', date: today!.date, time: '12:00' }, now)).toEqual({ ok: true, value: minutes(90).toISOString() });
    // After midnight on the wall clock: tomorrow, early.
    expect(resolveEndTime({ kind: 'custom', date: tomorrow!.date, time: '0630' }, now)).toEqual({ ok: true, value: new Date(2026, 10, 24, 6, 30).toISOString() });
    expect(resolveEndTime({ kind: 'custom', date: today!.date, time: '18.05' }, now)).toEqual({ ok: true, value: new Date(2026, 10, 23, 18, 5).toISOString() });
  });

  it('the days are written as the desk\'s locale writes dates, the month in words', () => {
    expect(endDays(now.getTime(), 'en-US').map((d) => d.label)).toEqual(['Today, Nov 23, 2026', 'Tomorrow, Nov 24, 2026']);
  });

  it('refuses a past time, one more than 24 h ahead, an empty, a 12-hour and an impossible one, saying why', () => {
    const custom = (date: string, time: string) => resolveEndTime({ kind: 'custom', date, time }, now);
    expect(custom('2026-11-23', '10:25')).toMatchObject({ ok: false, reason: /already passed/ });
    expect(custom('2026-11-24', '11:30')).toMatchObject({ ok: false, reason: /more than 24 hours ahead/ });
    expect(custom('2026-11-23', '')).toMatchObject({ ok: false, reason: /Type the end time as HH:MM on the 24-hour clock/ });
    expect(custom('2026-11-23', '6:30 PM')).toMatchObject({ ok: false, reason: '"6:30 PM" is not a time on the 24-hour clock. Type it as HH:MM, for example 18:30.' });
    expect(custom('2026-11-23', '24:00')).toMatchObject({ ok: false, reason: /not a time on the 24-hour clock/ });
    expect(custom('2026-02-31', '10:00')).toMatchObject({ ok: false, reason: /today or tomorrow/ });
  });

  it('a time picked in time but sent after it passed is refused at sending', () => {
    const picked = { kind: 'custom' as const, date: '2026-11-23', time: '10:32' };
    expect(resolveEndTime(picked, now)).toMatchObject({ ok: true });
    expect(resolveEndTime(picked, minutes(3))).toMatchObject({ ok: false, reason: /already passed/ });
  });
});

describe('shift ends, a desk setting', () => {
  it('defaults to 07:00 and 19:00, and the next one after now is used', () => {
    expect(loadShiftEnds(undefined)).toBe(DEFAULT_SHIFT_ENDS.join(', '));
    const ends = parseShiftEnds('07:00, 19:00');
    expect(ends.ok && nextShiftEnd(ends.value, now)).toEqual({ hours: 19, minutes: 0 });
    expect(ends.ok && nextShiftEnd(ends.value, new Date(2026, 10, 23, 20, 0))).toEqual({ hours: 7, minutes: 0 });
  });

  it('is saved only when every entry reads, in a normal form', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(saveShiftEnds(storage, '6:00,18:30')).toEqual({ ok: true, value: '06:00, 18:30' });
    expect(loadShiftEnds(storage)).toBe('06:00, 18:30');
    expect(saveShiftEnds(storage, '06:00, 25:00')).toMatchObject({ ok: false, reason: /"25:00" is not a time of day/ });
    expect(saveShiftEnds(storage, ' , ')).toMatchObject({ ok: false });
    expect(loadShiftEnds(storage)).toBe('06:00, 18:30');
  });
});
