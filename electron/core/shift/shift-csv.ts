import { stringify } from 'csv-stringify/sync';
import type { ShiftReport } from '../../../shared/contract/operators';
import { neutraliseFormula } from '../offline/audit-csv';
import { clockTime, waitedFor } from '../../../shared/words/desk-time';

const header = ['section', 'time', 'what', 'detail'];

/** One line per row of the report, the overrides still running with their end times; sections as the screen names them. */
function rows(report: ShiftReport): string[][] {
  const iso = (ms: number) => new Date(ms).toISOString();
  const section = (name: string, list: ShiftReport['alarmsHandled']) => list.map((r) => [name, iso(r.time), r.what, r.detail ?? '']);
  return [
    ['shift', iso(report.from), `${report.operator}'s shift`, `ended ${iso(report.to)}`],
    // First after the shift line: what the next operator takes over before anything else.
    ...openAlarmRows(report),
    ...section('alarms handled', report.alarmsHandled),
    ...section('overrides sent', report.overridesSent),
    ...report.overridesRunning.map((o) => [
      'overrides still running',
      iso(o.sentAt),
      `${o.mode} on ${o.itemName} (${o.operator})`,
      o.endsAt !== undefined ? `ends ${iso(o.endsAt)}` : 'until cancelled',
    ]),
    ...section('enrolments', report.enrolments),
    ...section('still in alarm', report.stillInAlarm),
    ...section('not sent', report.notSent),
    ...(report.acknowledgedBy ? [['acknowledged', iso(report.acknowledgedAt ?? report.to), `read by ${report.acknowledgedBy}`, '']] : []),
  ];
}

/** The server's alarms still open, each with its state, priority and how long it had waited when the shift ended. */
function openAlarmRows(report: ShiftReport): string[][] {
  const heard = report.openAlarmsHeardAt !== undefined ? `; the queue as last heard at ${clockTime(report.openAlarmsHeardAt)}` : '';
  return (report.openAlarms ?? []).map((a) => [
    a.state === 'unacknowledged' ? 'alarms not acknowledged' : 'alarms acknowledged, not processed',
    new Date(a.raisedAt).toISOString(),
    `${a.kind}: ${a.message ?? a.source}`,
    `priority ${a.priority}, waiting ${waitedFor(report.to - a.raisedAt)} at the end of the shift${heard}`,
  ]);
}

/** RFC 4180 CSV, UTF-8 with a byte-order mark and formula cells neutralised, as the audit export is. */
export function shiftCsv(report: ShiftReport): { fileName: string; csv: string; rows: number } {
  const body = rows(report);
  const csv = stringify([header, ...body].map((cells) => cells.map(neutraliseFormula)), { record_delimiter: 'windows', quoted_match: /[",\r\n]/ });
  const who = report.operator.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'operator';
  return { fileName: `gatehouse-shift_${who}_${new Date(report.to).toISOString().slice(0, 16).replace(':', '')}.csv`, csv: `\uFEFF${csv}`, rows: body.length };
}
