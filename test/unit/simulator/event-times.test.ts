import { describe, expect, it } from 'vitest';
import { readTime } from '../../../electron/simulator/api/event-filter';

// cc_rest.yaml /api/events `after`: extended ISO 8601 with hyphens and colons and a `T`; a zone as `Z`,
// `+hh`, `+hhmm` or `+hh:mm`; no time is midnight, no seconds the top of the minute.
describe('event search times', () => {
  it('reads the vendor forms', () => {
    expect(readTime('2017-01-01Z', 'after')).toBe(Date.UTC(2017, 0, 1));
    expect(readTime('2017-01-01T08:30Z', 'after')).toBe(Date.UTC(2017, 0, 1, 8, 30));
    expect(readTime('2017-01-01T08:30:15.250Z', 'after')).toBe(Date.UTC(2017, 0, 1, 8, 30, 15, 250));
    const eightUtc = Date.UTC(2017, 0, 1, 8);
    expect(readTime('2017-01-01T21:00+13', 'after')).toBe(eightUtc);
    expect(readTime('2017-01-01T21:00+1300', 'after')).toBe(eightUtc);
    expect(readTime('2017-01-01T21:00:00+13:00', 'after')).toBe(eightUtc);
    expect(readTime(null, 'after')).toBeUndefined();
  });

  it('refuses what is not a date, naming the parameter', () => {
    expect(readTime('yesterday', 'before')).toMatch(/^before must be/);
    expect(readTime('20170101T083000Z', 'after')).toMatch(/^after must be/);
    expect(readTime('2017-02-30Z', 'after')).toBeTypeOf('string');
  });
});
