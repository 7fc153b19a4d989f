import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { auditCsv, neutraliseFormula } from '../../../electron/core/offline/audit-csv';
import type { AuditEntry } from '../../../shared/contract/audit';

const entry = (seq: number, action: AuditEntry['action']): AuditEntry => ({ seq, at: Date.UTC(2026, 10, 23, 14, 2), desk: 'Reception', action, personal: 'none', hash: 'ab'.repeat(32) });

describe('audit CSV export', () => {
  it('prefixes cells a spreadsheet would run as a formula', () => {
    for (const cell of ['=SUM(A1)', '+1', '-1', '@cmd', '\tx', '\rx']) expect(neutraliseFormula(cell)).toBe(`'${cell}`);
    expect(neutraliseFormula('Front door')).toBe('Front door');
  });

  it('writes RFC 4180 CSV, oldest first, with quotes, commas, line breaks and accents intact', () => {
    const entries = [
      entry(2, { kind: 'override', item: { href: 'https://s/api/doors/2', name: '=HYPERLINK("x")' }, command: 'lock', outcome: 'refused', outcomeText: 'Not connected, "offline"\nTry later' }),
      { ...entry(1, { kind: 'settings.changed', setting: 'Réception: API key stored', outcome: 'done' }), operator: 'Ada Guard' },
    ];
    const out = auditCsv(entries, {}, Date.UTC(2026, 10, 23));
    expect(out.rows).toBe(2);
    expect(out.fileName).toBe('gatehouse-audit_start_to_2026-11-23.csv');
    expect(out.csv.startsWith('\uFEFF')).toBe(true);
    expect(out.csv).toContain('\r\n');
    const rows = parse(out.csv.slice(1)) as string[][];
    expect(rows[0]?.[0]).toBe('seq');
    expect(rows[0]?.[3]).toBe('operator');
    expect(rows[1]?.slice(0, 8)).toEqual(['1', '2026-11-23T14:02:00.000Z', 'Reception', 'Ada Guard', 'settings.changed', '', 'Réception: API key stored', 'done']);
    expect(rows[2]?.[3]).toBe('');
    expect(rows[2]?.[5]).toBe("'=HYPERLINK(\"x\") (https://s/api/doors/2)");
    expect(rows[2]?.[8]).toBe('Not connected, "offline"\nTry later');
  });

  it("writes an alarm acted on at the server with the alarm's source, kind, action and note", () => {
    const action: AuditEntry['action'] = {
      kind: 'alarm.acted',
      alarm: '4711',
      item: { href: 'https://s/api/doors/2', name: 'Dock door' },
      alarmKind: 'Door forced open',
      action: 'process',
      note: 'Guard checked, door secured',
      outcome: 'done',
    };
    const rows = parse(auditCsv([entry(1, action)], {}).csv.slice(1)) as string[][];
    expect(rows[1]?.slice(4, 8)).toEqual(['alarm.acted', 'Dock door (https://s/api/doors/2)', 'process Door forced open note: Guard checked, door secured', 'done']);
    expect(rows[1]?.[10]).toBe('{"alarm":"4711"}');
  });
});
