import { stringify } from 'csv-stringify/sync';
import type { AuditEntry, AuditExport, AuditFilter } from '../../../shared/contract/audit';

const header = ['seq', 'time', 'desk', 'operator', 'action', 'item', 'what', 'outcome', 'outcome text', 'requested by / cardholder', 'details', 'hash'];

/**
 * A spreadsheet opening the file must not run a cell as a formula: a cell that starts with = + - @,
 * a tab or a carriage return gets a leading apostrophe (the usual guard against CSV injection).
 */
export function neutraliseFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

function row(entry: AuditEntry): string[] {
  const { kind, outcome, outcomeText, ...rest } = entry.action;
  const fields = rest as Record<string, unknown>;
  const item = fields.item as { name: string; href: string } | undefined;
  const what = [fields.command, fields.setting, fields.site, fields.action && `${String(fields.action)} ${String(fields.alarmKind ?? '')}`.trim(), fields.note && `note: ${String(fields.note)}`, fields.endTime && `until ${String(fields.endTime)}`].filter(Boolean).join(' ');
  const requested = fields.requestedBy === undefined ? undefined : fields.requestedByName ? `${String(fields.requestedByName)} (cardholder ${String(fields.requestedBy)})` : String(fields.requestedBy);
  const person = (requested ?? fields.cardholder ?? '') as string;
  const { item: _i, command: _c, setting: _s, site: _t, endTime: _e, requestedBy: _r, requestedByName: _rn, cardholder: _h, action: _a, alarmKind: _k, note: _n, ...details } = fields;
  return [
    String(entry.seq),
    new Date(entry.at).toISOString(),
    entry.desk,
    entry.operator ?? '',
    kind,
    item ? `${item.name} (${item.href})` : '',
    what,
    outcome,
    outcomeText ?? '',
    person,
    Object.keys(details).length ? JSON.stringify(details) : '',
    entry.hash,
  ];
}

/** RFC 4180 CSV (CRLF line ends, quotes doubled), UTF-8 with a byte-order mark so spreadsheets read accents right. */
export function auditCsv(entries: readonly AuditEntry[], filter: AuditFilter, now = Date.now()): AuditExport {
  const oldestFirst = [...entries].reverse();
  const csv = stringify([header, ...oldestFirst.map(row)].map((cells) => cells.map(neutraliseFormula)), { record_delimiter: 'windows', quoted_match: /[",\r\n]/ });
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const range = `${filter.from !== undefined ? day(filter.from) : 'start'}_to_${day(filter.to ?? now)}`;
  return { fileName: `gatehouse-audit_${range}.csv`, csv: `\uFEFF${csv}`, rows: oldestFirst.length };
}
