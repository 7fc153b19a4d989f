import { describe, expect, it } from 'vitest';
import { overdueShown } from '../../../electron/core/reception/desk-reception';
import { NO_OVERDUE } from '../../../electron/core/reception/overdue-watch';

describe('overdue visitors on the strip of a locked desk', () => {
  const all = {
    reception: { href: 'r', name: 'North Lobby Reception' },
    visitors: [{ cardholderHref: 'c', name: 'Tom Brennan', visit: 'Interview', host: 'Oliver Grant', until: '2026-11-29T09:00:00Z' }],
    withheld: 0,
    at: 5,
  };

  it('names them to a signed-in operator', () => {
    expect(overdueShown(all, true)).toEqual(all);
  });

  it('only counts them while nobody is signed in: no name leaves main', () => {
    const shown = overdueShown(all, false);
    expect(shown).toEqual({ ...all, visitors: [], withheld: 1 });
    expect(JSON.stringify(shown)).not.toContain('Brennan');
    expect(overdueShown(NO_OVERDUE, false).withheld).toBe(0);
  });
});
