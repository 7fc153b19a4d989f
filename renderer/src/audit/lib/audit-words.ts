import type { AuditAction, AuditEntry, AuditKind, AuditOutcome } from '../../../../shared/contract/audit';
import { commandWords } from '../../../../shared/commands';
import { deskDate, isoWords } from '../../../../shared/words/desk-time';
import { SIGN_IN_REFUSAL_WORDS } from '../../../../shared/words/enum-words';

export const KIND_WORDS: Record<AuditKind, string> = {
  override: 'Override',
  'alarm.acknowledged': 'Alarm acknowledged',
  'alarm.acted': 'Server alarm',
  enrolment: 'Enrolment',
  'settings.changed': 'Settings changed',
  'site.switched': 'Site switched',
  'plan.changed': 'Floor plan changed',
  'operator.signedIn': 'Signed in',
  'operator.signedOut': 'Signed out',
  'operators.changed': 'Operators changed',
  'override.cancelled': 'Override cancelled',
  'shift.ended': 'Shift ended',
  'shift.acknowledged': 'Handover acknowledged',
  'audit.retention': 'Audit retention set',
  'audit.pruned': 'Audit entries pruned',
  'visitor.state': 'Visitor',
  'visitor.hostNotified': 'Host notified',
  'visit.walkIn': 'Walk-in visit',
  'visitorCard.issued': 'Visitor card issued',
  'visitorCard.collected': 'Visitor card collected',
  'rollCall.markedSafe': 'Marked safe',
};

/** A visitor's state as the reception desk says it. */
const VISITOR_STATE_WORDS: Record<string, string> = {
  expected: 'set back to expected',
  signingIn: 'signing in',
  signedIn: 'signed in',
  onSite: 'on site',
  expectedBack: 'out, expected back',
  departed: 'signed out',
  cancelled: 'visit cancelled',
};

const SIGN_IN_WORDS: Record<Extract<AuditAction, { kind: 'operator.signedIn' }>['method'], string> = {
  card: 'with their card',
  deskPin: 'with the desk PIN',
  firstOperator: 'as the first operator of the roster',
};

const SIGN_OUT_WORDS: Record<Extract<AuditAction, { kind: 'operator.signedOut' }>['reason'], string> = {
  started: 'desk started',
  signedOut: 'signed out',
  idle: 'locked after the idle time',
  cardRemoved: 'card taken out of the reader',
  shiftEnded: 'shift ended',
};

const ROSTER_WORDS: Record<Extract<AuditAction, { kind: 'operators.changed' }>['change'], string> = {
  added: 'added',
  removed: 'removed',
  cardLinked: 'card linked for',
  policy: 'sign-in policy set',
  pinLockLifted: 'desk-PIN lock lifted for',
};


export const OUTCOME_WORDS: Record<AuditOutcome, string> = {
  done: 'Done',
  refused: 'Refused (not done)',
  failed: 'Failed',
  uncertain: 'Uncertain (may have reached the server)',
};

/** What was asked of the alarm; whether it was done is the entry's outcome. */
const ALARM_ACTION_WORDS: Record<string, string> = { comment: 'Add a note to', acknowledge: 'Acknowledge', process: 'Process', forceProcess: 'Force-process' };

/**
 * Who an override was requested by: their name as the desk knew it when sending; an id whose name the
 * desk did not know is said to be one ("cardholder 525, name not known"), never shown bare.
 */
export function requestedByWords(action: Pick<Extract<AuditAction, { kind: 'override' }>, 'requestedBy' | 'requestedByName'>): string {
  const id = action.requestedBy;
  if (!id) return '';
  if (action.requestedByName) return `requested by ${action.requestedByName}`;
  // The log's own words for a sealed or withheld name, "(not kept: …)", are shown as they are.
  if (id.startsWith('(')) return `requested by ${id}`;
  const shortId = /^https?:\/\//.test(id) ? (id.replace(/\/+$/, '').split('/').at(-1) ?? id) : id;
  return `requested by cardholder ${shortId}, name not known`;
}

/** One line saying what was done, in the operator's words. */
export function describeAction(action: AuditAction): string {
  switch (action.kind) {
    case 'override':
      return [
        `${commandWords(action.command).replace(/ until$/, '')} on ${action.item.name}`,
        action.endTime ? `until ${isoWords(action.endTime)}` : '',
        action.zoneCount !== undefined ? `count ${action.zoneCount}` : '',
        requestedByWords(action),
      ]
        .filter(Boolean)
        .join(', ');
    case 'alarm.acknowledged':
      return `${action.item.name}${action.comment ? `: ${action.comment}` : ''}`;
    case 'alarm.acted':
      return `${ALARM_ACTION_WORDS[action.action] ?? action.action} ${action.alarmKind} at ${action.item.name}${action.note ? `: ${action.note}` : ''}`;
    case 'enrolment':
      return `${action.cardholder}${action.cardNumber ? `, card ${action.cardNumber}` : ''}`;
    case 'settings.changed':
      return action.setting;
    case 'site.switched':
      return `to ${action.site}${action.origin ? ` (${action.origin})` : ''}`;
    case 'plan.changed':
      return `${action.plan} ${action.change} (${action.floor})`;
    case 'operator.signedIn':
      return [
        SIGN_IN_WORDS[action.method],
        action.attempted ? `as ${action.attempted}` : '',
        action.reason ? `— ${SIGN_IN_REFUSAL_WORDS[action.reason]}` : '',
        action.cardSubject || action.cardSerial ? `(card ${[action.cardSubject, action.cardSerial ? `serial ${action.cardSerial}` : ''].filter(Boolean).join(', ')})` : '',
      ]
        .filter(Boolean)
        .join(' ');
    case 'operator.signedOut':
      return SIGN_OUT_WORDS[action.reason];
    case 'operators.changed':
      return [ROSTER_WORDS[action.change], action.subject ?? '', action.detail ? `(${action.detail})` : ''].filter(Boolean).join(' ');
    case 'override.cancelled':
      return `${action.override} on ${action.item.name} (sent ${action.command})`;
    case 'shift.ended':
      return `${action.report.operator}: ${action.report.alarmsHandled.length} alarms handled, ${action.report.overridesSent.length} overrides sent, ${action.report.overridesRunning.length} still running`;
    case 'shift.acknowledged':
      return `${action.acknowledgedBy} read the handover from ${action.endedBy}`;
    case 'audit.retention':
      return action.retentionDays === null ? 'keep every entry' : `keep ${action.retentionDays} days`;
    case 'visitor.state':
      return `${action.visitor} ${VISITOR_STATE_WORDS[action.state] ?? action.state} (${action.visit})`;
    case 'visitor.hostNotified':
      return `${action.host ?? 'The host'} told ${action.visitor} is ${action.notice === 'signingIn' ? 'signing in' : 'on site'}`;
    case 'visit.walkIn':
      return `${action.visitor} to see ${action.host} at ${action.reception}`;
    case 'visitorCard.issued':
      return `${action.cardType} ${action.cardNumber} to ${action.visitor}`;
    case 'visitorCard.collected':
      return `Card ${action.cardNumber} from ${action.visitor}`;
    case 'rollCall.markedSafe':
      return `${action.person} at ${action.zone}`;
    case 'audit.pruned':
      return `${action.count} entries (${action.fromSeq}–${action.toSeq}) older than ${deskDate(action.olderThan)}`;
  }
}

/** "Personal fields sealed", etc.: shown only when something is not as recorded. */
export function personalNote(entry: AuditEntry): string | undefined {
  if (entry.personal === 'withheld') return 'Personal details not kept: the vault key was unavailable';
  if (entry.personal === 'unreadable') return 'Personal details sealed under a key this desk no longer has';
  return undefined;
}

/** A local date-time input's value ("2026-11-23T14:02") as ms, or undefined when empty. */
export function localInputToMs(value: string): number | undefined {
  if (!value) return undefined;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? undefined : ms;
}
