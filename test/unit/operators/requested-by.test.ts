import { describe, expect, it } from 'vitest';
import { withRequestedBy } from '../../../electron/core/operators/requested-by';

const open = { href: 'https://s/api/doors/1', command: 'open' } as const;

describe('withRequestedBy', () => {
  it('sends an override as the signed-in operator from 8.70 (cc_rest.yaml: requested_by from 8.70)', () => {
    expect(withRequestedBy(open, '101', '8.70')).toEqual({ ...open, requestedBy: '101' });
    expect(withRequestedBy(open, '101', '9.40')).toEqual({ ...open, requestedBy: '101' });
  });

  it('keeps the cardholder the guard picked in "On behalf of"', () => {
    expect(withRequestedBy({ ...open, requestedBy: '555' }, '101', '9.40')).toEqual({ ...open, requestedBy: '555' });
  });

  it('sends nobody before 8.70, with nobody signed in, or with no server version known', () => {
    expect(withRequestedBy(open, '101', '8.60')).toEqual(open);
    expect(withRequestedBy(open, undefined, '9.40')).toEqual(open);
    expect(withRequestedBy(open, '101', undefined)).toEqual(open);
  });
});
