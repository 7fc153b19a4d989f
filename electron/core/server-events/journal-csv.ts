import { stringify } from 'csv-stringify/sync';
import type { EventFilter, ServerEvent } from '../../../shared/contract/alarms';
import { neutraliseFormula } from '../offline/audit-csv';

const header = ['time', 'priority', 'type', 'group', 'source', 'message', 'cardholder', 'operator', 'alarm state', 'event id'];

function row(event: ServerEvent): string[] {
  return [
    event.time,
    String(event.priority),
    event.type,
    event.group ?? '',
    event.source.name,
    event.message,
    event.cardholder ?? '',
    event.operator ?? '',
    event.alarmState ?? '',
    event.id,
  ];
}

/**
 * The journal as a file, written as the audit log's export is (core/offline/audit-csv.ts): RFC 4180,
 * CRLF, quotes doubled, a byte-order mark, and no cell a spreadsheet would run as a formula.
 * `events` oldest first.
 */
export function journalCsv(events: readonly ServerEvent[], filter: EventFilter, now = Date.now()) {
  const csv = stringify([header, ...events.map(row)].map((cells) => cells.map(neutraliseFormula)), { record_delimiter: 'windows', quoted_match: /[",\r\n]/ });
  const day = (iso: string | undefined) => (iso ? new Date(iso).toISOString().slice(0, 10) : undefined);
  const range = `${day(filter.after) ?? day(events[0]?.time) ?? 'start'}_to_${day(filter.before) ?? new Date(now).toISOString().slice(0, 10)}`;
  return { fileName: `gatehouse-events_${range}.csv`, csv: `\uFEFF${csv}`, rows: events.length };
}
