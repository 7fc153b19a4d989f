import { describe, expect, it } from 'vitest';
import { resolveEndTime } from '../../../renderer/src/lib/override/end-time-choice';
import { toLocalDateTime } from '../../../renderer/src/lib/override/local-date-time';
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

  it('a custom time in the future within 24 h is sent as an ISO time with a zone', () => {
    expect(resolveEndTime({ kind: 'custom', local: toLocalDateTime(minutes(90).getTime()) }, now)).toEqual({
      ok: true,
      value: minutes(90).toISOString(),
    });
  });

  it('refuses a past time, one more than 24 h ahead, an empty and an impossible one, saying why', () => {
    const custom = (local: string) => resolveEndTime({ kind: 'custom', local }, now);
    expect(custom(toLocalDateTime(minutes(-5).getTime()))).toMatchObject({ ok: false, reason: /already passed/ });
    expect(custom(toLocalDateTime(minutes(25 * 60).getTime()))).toMatchObject({ ok: false, reason: /more than 24 hours ahead/ });
    expect(custom('')).toMatchObject({ ok: false, reason: 'Choose an end time.' });
    expect(custom('2026-02-31T10:00')).toMatchObject({ ok: false, reason: /not a date and time that exists/ });
  });

  it('a time picked in time but sent after it passed is refused at sending', () => {
    const picked = toLocalDateTime(minutes(2).getTime());
    expect(resolveEndTime({ kind: 'custom', local: picked }, now)).toMatchObject({ ok: true });
    expect(resolveEndTime({ kind: 'custom', local: picked }, minutes(3))).toMatchObject({ ok: false, reason: /already passed/ });
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
