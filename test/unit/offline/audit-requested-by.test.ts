import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { auditCsv } from '../../../electron/core/offline/audit-csv';
import { CardholderNames } from '../../../electron/core/operators/cardholder-names';
import { describeAction, requestedByWords } from '../../../renderer/src/audit/lib/audit-words';
import type { AuditAction } from '../../../shared/contract/audit';

// The audit log says who an override was requested by as a person, not a cardholder id.

const override = (more: Partial<Extract<AuditAction, { kind: 'override' }>>): AuditAction => ({
  kind: 'override',
  item: { href: 'https://s/api/doors/1', name: 'Front door' },
  command: 'open',
  outcome: 'done',
  ...more,
});

describe('who an override was requested by, in the audit log', () => {
  it('is named as the desk knew them; an id alone is said to be one', () => {
    expect(describeAction(override({ requestedBy: 'ch-guard', requestedByName: 'Morgan Reyes' }))).toBe('Open on Front door, requested by Morgan Reyes');
    expect(requestedByWords({ requestedBy: '525' })).toBe('requested by cardholder 525, name not known');
    expect(requestedByWords({ requestedBy: 'https://s/api/cardholders/525' })).toBe('requested by cardholder 525, name not known');
    expect(requestedByWords({ requestedBy: '(not kept: the vault key was unavailable)' })).toBe('requested by (not kept: the vault key was unavailable)');
    expect(requestedByWords({})).toBe('');
  });

  it('the desk knows a name from its roster first, then from the searches it answered', () => {
    const roster = [{ cardholderId: 'ch-guard', name: 'Morgan Reyes' }];
    const names = new CardholderNames(() => roster);
    names.saw([{ id: 'ch-ada', name: 'Ada Lovelace' }, { id: 'ch-guard', name: 'M. Reyes (search)' }]);
    expect(names.nameOf('ch-guard')).toBe('Morgan Reyes');
    expect(names.nameOf('ch-ada')).toBe('Ada Lovelace');
    expect(names.nameOf('525')).toBeUndefined();
    const noStore = new CardholderNames(() => {
      throw new Error('no local store');
    });
    noStore.saw([{ id: 'ch-ada', name: 'Ada Lovelace' }]);
    expect(noStore.nameOf('ch-ada')).toBe('Ada Lovelace');
  });

  it('keeps a bounded number of searched names, the latest', () => {
    const names = new CardholderNames(() => []);
    for (let i = 0; i < 600; i++) names.saw([{ id: `ch-${i}`, name: `Person ${i}` }]);
    expect(names.nameOf('ch-0')).toBeUndefined();
    expect(names.nameOf('ch-599')).toBe('Person 599');
  });

  it('the CSV names them with their cardholder id', () => {
    const entry = { seq: 1, at: 0, desk: 'Reception', action: override({ requestedBy: 'ch-guard', requestedByName: 'Morgan Reyes' }), personal: 'sealed' as const, hash: 'ab'.repeat(32) };
    const rows = parse(auditCsv([entry], {}, 0).csv.slice(1)) as string[][];
    expect(rows[1]?.[9]).toBe('Morgan Reyes (cardholder ch-guard)');
    expect(rows[1]?.[10]).toBe('');
  });
});
