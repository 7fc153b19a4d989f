import { describe, expect, it } from 'vitest';
import { matchesSearch, NEXT_STEPS, notificationFor } from '../../../renderer/src/reception/lib/visitor-steps';
import { rollCallCsv } from '../../../renderer/src/rollcall/lib/roll-call-csv';

describe("a visitor's day at the reception", () => {
  it('offers the usual next step first, and nothing once signed out or cancelled', () => {
    expect(NEXT_STEPS.expected[0]!.to).toBe('signingIn');
    expect(NEXT_STEPS.signedIn.map((s) => s.to)).toEqual(['onSite', 'departed']);
    expect(NEXT_STEPS.expectedBack[0]!.to).toBe('onSite');
    expect(NEXT_STEPS.departed).toEqual([]);
    expect(NEXT_STEPS.cancelled).toEqual([]);
  });

  it('tells the host of signing in, or of being on site, and of nothing else', () => {
    expect(notificationFor('signingIn')).toBe('signingIn');
    expect(notificationFor('signedIn')).toBe('onSite');
    expect(notificationFor('departed')).toBeUndefined();
  });

  it('finds a visit by any word of its name, host or visitors', () => {
    const v = { name: 'Lab tour', host: { name: 'Grace Whitfield' }, visitors: [{ name: 'Anika Chowdhury' }] };
    expect(matchesSearch('grace', v)).toBe(true);
    expect(matchesSearch('anika tour', v)).toBe(true);
    expect(matchesSearch('marino', v)).toBe(false);
    expect(matchesSearch('  ', v)).toBe(true);
  });
});

describe('the roll call CSV', () => {
  it('has a row per person saying visitor or staff, quotes what needs quoting, and defuses spreadsheet formulas', () => {
    const csv = rollCallCsv(
      {
        total: 2,
        visitors: 1,
        staff: 1,
        at: 0,
        zones: [{ href: 'z', name: 'Car Park, east', visitors: 1, staff: 1, people: [{ href: 'a', name: '=cmd|x', at: '2026-11-29T09:00:00.000Z', kind: 'staff' }, { href: 'b', name: 'Bo', kind: 'visitor' }] }],
      },
      new Set(['b']),
    );
    expect(csv.split('\r\n')).toEqual([
      'Zone,Name,Visitor or staff,Last seen,Marked safe at this desk',
      `"Car Park, east","'=cmd|x",Staff,2026-11-29T09:00:00.000Z,`,
      '"Car Park, east",Bo,Visitor,,yes',
      '',
    ]);
  });
});
