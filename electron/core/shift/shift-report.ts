import type { AuditEntry } from '../../../shared/contract/audit';
import type { AlarmQueue } from '../../../shared/contract/alarms';
import type { ActiveOverride, OpenAlarmRow, ShiftReport } from '../../../shared/contract/operators';
import { describeCommand } from '../../../shared/commands';
import type { BoardItem, ItemKind, ItemStatus } from '../../../shared/domain';
import { readStatus } from '../../../shared/status';
import type { OperatorOnDuty } from './on-duty';

type ReportRow = ShiftReport['alarmsHandled'][number];

/** Everything a shift's report is built from: the audit log's entries and what the desk holds now. */
export interface ShiftFacts {
  id: string;
  operator: OperatorOnDuty;
  to: number;
  /** Audit entries, any order; only the operator's own since sign-in are used. */
  entries: readonly AuditEntry[];
  overridesRunning: readonly ActiveOverride[];
  items: readonly BoardItem[];
  statuses: readonly ItemStatus[];
  /** Enrolments still waiting in the outbox to be sent. */
  unsentEnrolments: readonly ReportRow[];
  /** The server's alarm queue now; undefined where the site's alarms are not followed (no RESTEvents, no site). */
  alarms?: AlarmQueue;
}

/** Kinds that act on the site: what the desk could not do of these goes under "not sent". */
const ACTING = new Set(['override', 'override.cancelled', 'enrolment', 'alarm.acknowledged', 'alarm.acted']);

/**
 * What happened in one operator's shift, from the audit log: their entries since they signed in
 * (entries naming another operator are not theirs), the overrides still open, the items still in
 * alarm and what could not be sent. The report is kept in the audit log as it is, so it names no
 * cardholder: an enrolment row says what happened, its own audit entry keeps who (sealed).
 */
export function buildShiftReport(facts: ShiftFacts): ShiftReport {
  const kindOf = (href: string) => facts.items.find((i) => i.href === href)?.kind;
  const mine = facts.entries
    .filter((e) => e.at >= facts.operator.since && e.at <= facts.to && isBy(e, facts.operator))
    .sort((a, b) => a.seq - b.seq);
  const report: ShiftReport = {
    id: facts.id,
    operator: facts.operator.name,
    from: facts.operator.since,
    to: facts.to,
    alarmsHandled: [],
    overridesSent: [],
    overridesRunning: [...facts.overridesRunning],
    enrolments: [],
    ...openAlarms(facts.alarms),
    stillInAlarm: stillInAlarm(facts.items, facts.statuses),
    notSent: [],
  };
  for (const entry of mine) {
    const action = entry.action as { kind: string; outcome: string; outcomeText?: string } & Record<string, unknown>;
    if (action.outcome !== 'done') {
      if (ACTING.has(action.kind)) report.notSent.push(row(entry.at, `${notDoneWords(action.outcome)}: ${whatWasAsked(action, kindOf)}`, action.outcomeText));
      continue;
    }
    if (action.kind === 'alarm.acknowledged' || action.kind === 'alarm.acted') report.alarmsHandled.push(alarmRow(entry.at, action));
    else if (action.kind === 'override' || action.kind === 'override.cancelled') report.overridesSent.push(row(entry.at, whatWasAsked(action, kindOf), untilWords(action, entry.at)));
    else if (action.kind === 'enrolment') report.enrolments.push(row(entry.at, 'PIV card enrolled', 'The cardholder is named in the enrolment’s own audit entry'));
  }
  report.notSent.push(...facts.unsentEnrolments);
  return report;
}

/** An entry is the operator's when it names them (or names nobody, on a desk recording no operator). */
function isBy(entry: AuditEntry, operator: OperatorOnDuty): boolean {
  const named = (entry as { operator?: unknown }).operator;
  if (named === undefined || named === null) return true;
  if (typeof named === 'string') return named === operator.name || named === operator.id;
  const o = named as { id?: unknown; name?: unknown; cardholderId?: unknown };
  if (operator.id !== undefined && o.id !== undefined) return o.id === operator.id;
  if (o.cardholderId !== undefined) return o.cardholderId === operator.cardholderId;
  return o.name === operator.name;
}

function row(time: number, what: string, detail?: string): ReportRow {
  return { time, what, ...(detail ? { detail } : {}) };
}

function notDoneWords(outcome: string): string {
  return outcome === 'uncertain' ? 'May not have reached the server' : 'Not sent';
}

function itemName(action: Record<string, unknown>): string {
  const item = action.item as { name?: string } | undefined;
  return item?.name ?? 'an item';
}

function whatWasAsked(action: { kind: string } & Record<string, unknown>, kindOf: (href: string) => ItemKind | undefined): string {
  const item = action.item as { href?: string } | undefined;
  const kind = item?.href ? kindOf(item.href) : undefined;
  const command = typeof action.command === 'string' ? action.command : '';
  const words = kind ? describeCommand(kind, command).label.replace(/ until…$/, '') : command;
  switch (action.kind) {
    case 'override':
      return `${words} on ${itemName(action)}`;
    case 'override.cancelled':
      return `Cancelled ${String(action.override)} on ${itemName(action)}`;
    case 'enrolment':
      return 'PIV card enrolment';
    default:
      return `Alarm on ${itemName(action)}`;
  }
}

/** "until 22:15" (the desk's own clock and zone: main runs on the desk), with the date when it is not the day it was sent. */
function untilWords(action: Record<string, unknown>, sentAt: number): string | undefined {
  if (typeof action.endTime !== 'string') return undefined;
  const end = new Date(action.endTime);
  if (Number.isNaN(end.getTime())) return `until ${action.endTime}`;
  const two = (n: number) => String(n).padStart(2, '0');
  const time = `${two(end.getHours())}:${two(end.getMinutes())}`;
  const sent = new Date(sentAt);
  const sameDay = sent.getFullYear() === end.getFullYear() && sent.getMonth() === end.getMonth() && sent.getDate() === end.getDate();
  return sameDay ? `until ${time}` : `until ${end.getFullYear()}-${two(end.getMonth() + 1)}-${two(end.getDate())} ${time}`;
}

/** What was done to an alarm, in words (`alarm.acted`'s action; the local book only acknowledges). */
const ALARM_ACTION_WORDS: Record<string, string> = { comment: 'Note added', acknowledge: 'Acknowledged', process: 'Processed', forceProcess: 'Force-processed' };

/** An alarm handled: what was done on which item (and the alarm's kind), the note as the detail. */
function alarmRow(time: number, action: Record<string, unknown>): ReportRow {
  const did = (typeof action.action === 'string' ? ALARM_ACTION_WORDS[action.action] : undefined) ?? 'Acknowledged';
  const kind = typeof action.alarmKind === 'string' && action.alarmKind ? ` (${action.alarmKind})` : '';
  const note = [action.note, action.comment].find((n): n is string => typeof n === 'string' && n.length > 0);
  return row(time, `${did}: ${itemName(action)}${kind}`, note);
}

/**
 * The queue's alarms not yet processed, the ones nobody has acknowledged first, then the highest
 * priority, then the longest waiting: the order the next operator works them in.
 */
function openAlarms(queue: AlarmQueue | undefined): Pick<ShiftReport, 'openAlarms' | 'openAlarmsHeardAt'> {
  if (!queue || queue.feed.source !== 'server') return {};
  const rows: OpenAlarmRow[] = [];
  for (const alarm of queue.alarms) {
    if (alarm.state === 'processed') continue;
    const raisedAt = Date.parse(alarm.time);
    rows.push({
      raisedAt: Number.isNaN(raisedAt) ? 0 : raisedAt,
      source: alarm.source.name || 'an item',
      kind: alarm.kind,
      ...(alarm.message && alarm.message !== alarm.kind ? { message: alarm.message } : {}),
      priority: alarm.priority,
      state: alarm.state,
    });
  }
  const rank = (r: OpenAlarmRow) => (r.state === 'unacknowledged' ? 0 : 1);
  rows.sort((a, b) => rank(a) - rank(b) || b.priority - a.priority || a.raisedAt - b.raisedAt);
  return { openAlarms: rows, ...(!queue.feed.live && queue.feed.heardAt !== undefined ? { openAlarmsHeardAt: queue.feed.heardAt } : {}) };
}

/** Items whose status reads as alarm now, by name. */
function stillInAlarm(items: readonly BoardItem[], statuses: readonly ItemStatus[]): ReportRow[] {
  const byHref = new Map(items.map((i) => [i.href, i]));
  const rows: ReportRow[] = [];
  for (const status of statuses) {
    const item = byHref.get(status.href);
    if (!item) continue;
    const reading = readStatus(item.kind, status.flags);
    if (reading.verdict === 'alarm') rows.push(row(status.receivedAt, item.name, reading.reasons.join('; ') || status.statusText));
  }
  return rows.sort((a, b) => a.what.localeCompare(b.what));
}
