import { describe, expect, it } from 'vitest';
import { overdueFor, overdueReason } from '../../../renderer/src/board/lib/overdue-words';

describe("an overdue visitor's words on the attention strip", () => {
  const until = '2026-11-29T09:00:00.000Z';
  const at = (minutes: number) => Date.parse(until) + minutes * 60_000;

  it('says how long past the end, in minutes then hours', () => {
    expect([overdueFor(until, at(0.5)), overdueFor(until, at(30)), overdueFor(until, at(60)), overdueFor(until, at(135))]).toEqual(['0 min', '30 min', '1 h 0 min', '2 h 15 min']);
    // A desk clock a little behind the server's never says a negative time.
    expect(overdueFor(until, at(-3))).toBe('0 min');
  });

  it('names the host where the visit has one', () => {
    expect(overdueReason({ until, host: 'Oliver Grant' }, at(30))).toBe('Visitor overdue 30 min · host Oliver Grant');
    expect(overdueReason({ until }, at(30))).toBe('Visitor overdue 30 min');
  });
});
