import { describe, expect, it } from 'vitest';
import type { ServerVisit } from '../../../electron/core/api/visits';
import { personName, todaysVisits } from '../../../electron/core/reception/todays-visits';
import { rollCallOf } from '../../../electron/core/reception/roll-call';

const reception = { href: 'https://s/api/receptions/1', name: 'North Lobby Reception' };
const other = { href: 'https://s/api/receptions/2', name: 'South' };
const at = (h: number, m = 0) => new Date(2026, 10, 29, h, m).toISOString();
const now = new Date(2026, 10, 29, 12, 0).getTime();

function visit(name: string, from: string, until: string, states: string[], where = reception): ServerVisit {
  return {
    href: `https://s/api/visits/${name}`,
    name,
    reception: where,
    host: { href: 'https://s/api/cardholders/h', name: 'Raman, Priya' },
    from,
    until,
    visitors: states.map((type, i) => ({ href: `https://s/api/visits/${name}/visitors/${i}`, cardholder: { href: `https://s/api/cardholders/${name}${i}`, name: `Visitor${i}, ${name}` }, status: { type } })),
  };
}

describe("today's visits at a reception", () => {
  it("keeps the reception's visits that overlap today, by start time", () => {
    const day = todaysVisits(reception, [
      visit('late', at(15), at(16), ['expected']),
      visit('early', at(8), at(9), ['departed']),
      visit('yesterday', new Date(2026, 10, 28, 9).toISOString(), new Date(2026, 10, 28, 17).toISOString(), ['departed']),
      visit('overnight', new Date(2026, 10, 28, 22).toISOString(), at(6), ['departed']),
      visit('elsewhere', at(10), at(11), ['expected'], other),
    ], now, true);
    expect(day.visits.map((v) => v.name)).toEqual(['overnight', 'early', 'late']);
    expect(day.visits[0]!.host?.name).toBe('Priya Raman');
  });

  it('marks overdue only who is past the end and neither departed nor cancelled', () => {
    const day = todaysVisits(reception, [visit('ended', at(9), at(11), ['onSite', 'departed', 'cancelled', 'expected']), visit('running', at(9), at(13), ['onSite'])], now, true);
    expect(day.visits.find((v) => v.name === 'ended')!.visitors.map((v) => v.overdue)).toEqual([true, false, false, true]);
    expect(day.visits.find((v) => v.name === 'running')!.visitors[0]!.overdue).toBe(false);
  });

  it('leaves an unknown state out rather than guessing (servers before 8.90 give none)', () => {
    const v = visit('old', at(9), at(10), ['expected']);
    v.visitors = [{ cardholder: { href: 'https://s/api/cardholders/x', name: 'Doe, Jo' } }];
    const row = todaysVisits(reception, [v], now, false).visits[0]!.visitors[0]!;
    expect(row).toEqual({ cardholderHref: 'https://s/api/cardholders/x', name: 'Jo Doe', overdue: false });
  });

  it('says people as "First Last"', () => {
    expect(personName('Raman, Priya')).toBe('Priya Raman');
    expect(personName('Madonna')).toBe('Madonna');
    expect(personName(undefined)).toBe('(no name)');
  });
});

describe('the roll call', () => {
  it('groups people by the zone they were last seen in, zones and people by name, a reception-only zone by name', () => {
    const roll = rollCallOf([
      { href: 'a', firstName: 'Zoe', lastName: 'Ng', lastSuccessfulAccessZone: { href: 'z/labs', name: 'Labs' }, lastSuccessfulAccessTime: at(9) },
      { href: 'b', firstName: 'Amy', lastName: 'Li', lastSuccessfulAccessZone: { href: 'z/labs', name: 'Labs' } },
      { href: 'c', firstName: 'Bo', lastSuccessfulAccessZone: { href: 'z/car', name: 'Car Park' } },
    ], now);
    expect(roll.total).toBe(3);
    expect(roll.zones.map((z) => [z.name, z.people.map((p) => p.name)])).toEqual([
      ['Car Park', ['Bo']],
      ['Labs', ['Amy Li', 'Zoe Ng']],
    ]);
    expect(roll.zones[1]!.people[1]!.at).toBe(at(9));
  });
});

describe('visitors and staff on the roll call', () => {
  const people = [
    { href: 'v1', firstName: 'Tom', lastName: 'Brennan', lastSuccessfulAccessZone: { href: 'z/labs', name: 'Labs' } },
    { href: 's1', firstName: 'Amy', lastName: 'Li', lastSuccessfulAccessZone: { href: 'z/labs', name: 'Labs' } },
    { href: 's2', firstName: 'Bo', lastSuccessfulAccessZone: { href: 'z/car', name: 'Car Park' } },
  ];

  it("marks each person a visitor when they are on one of today's visits, else staff, and counts both per zone and in all", () => {
    const roll = rollCallOf(people, now, { known: true, cardholders: new Set(['v1']) });
    expect(roll.zones.map((z) => [z.name, z.visitors, z.staff, z.people.map((p) => `${p.name}:${p.kind}`)])).toEqual([
      ['Car Park', 0, 1, ['Bo:staff']],
      ['Labs', 1, 1, ['Amy Li:staff', 'Tom Brennan:visitor']],
    ]);
    expect([roll.total, roll.visitors, roll.staff, roll.visitorsUnknown]).toEqual([3, 1, 2, undefined]);
  });

  it('marks nobody, and says why, when the visits could not be read', () => {
    const roll = rollCallOf(people, now, { known: false, why: 'this server offers no visits' });
    expect(roll.zones.flatMap((z) => z.people).every((p) => p.kind === undefined)).toBe(true);
    expect([roll.visitors, roll.staff, roll.visitorsUnknown]).toEqual([0, 0, 'this server offers no visits']);
  });
});
