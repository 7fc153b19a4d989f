import { describe, expect, it } from 'vitest';
import { endTimePresets, nextOccurrence, parseTimeOfDay } from '../../../shared/commands';

// Local wall-clock times: the desk's shift end is a local time, so these hold in any time zone.
const at = (day: number, hours: number, minutes = 0) => new Date(2026, 10, day, hours, minutes);

describe('end time presets', () => {
  it('offers 15 min, 1 h and 4 h from now', () => {
    const now = at(21, 12);
    const presets = endTimePresets(now);
    expect(presets.map((p) => [p.id, p.endTime.getTime() - now.getTime(), p.refusal])).toEqual([
      ['15min', 15 * 60_000, undefined],
      ['1h', 60 * 60_000, undefined],
      ['4h', 240 * 60_000, undefined],
    ]);
  });

  it('end of shift is the next time the shift end comes round, later today', () => {
    const shift = endTimePresets(at(21, 14), { hours: 18, minutes: 30 }).at(-1);
    expect(shift).toMatchObject({ id: 'endOfShift', label: 'End of shift (18:30)', endTime: at(21, 18, 30) });
    expect(shift?.refusal).toBeUndefined();
  });

  it('end of shift after midnight falls on the next day', () => {
    expect(nextOccurrence({ hours: 7, minutes: 0 }, at(21, 22))).toEqual(at(22, 7));
    expect(nextOccurrence({ hours: 7, minutes: 0 }, at(21, 7))).toEqual(at(22, 7));
  });

  it('end of shift within the minute is shown with the reason it cannot be used', () => {
    const now = new Date(2026, 10, 21, 6, 59, 30);
    const shift = endTimePresets(now, { hours: 7, minutes: 0 }).at(-1);
    expect(shift?.refusal).toMatch(/less than a minute away/);
  });

  it('reads a shift end as HH:MM on a 24-hour clock', () => {
    expect(parseTimeOfDay('07:00')).toEqual({ ok: true, value: { hours: 7, minutes: 0 } });
    expect(parseTimeOfDay(' 23:59 ')).toEqual({ ok: true, value: { hours: 23, minutes: 59 } });
    for (const text of ['24:00', '7', '07:60', 'seven', '']) {
      expect(parseTimeOfDay(text)).toEqual({
        ok: false,
        reason: `"${text}" is not a time of day. Use HH:MM on a 24-hour clock, for example 07:00.`,
      });
    }
  });
});
