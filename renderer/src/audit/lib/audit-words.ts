import type { AuditAction, AuditEntry, AuditKind, AuditOutcome } from '../../../../shared/contract/audit';

export const KIND_WORDS: Record<AuditKind, string> = {
  override: 'Override',
  'alarm.acknowledged': 'Alarm acknowledged',
  'alarm.acted': 'Server alarm',
  enrolment: 'Enrolment',
  'settings.changed': 'Settings changed',
  'site.switched': 'Site switched',
  'plan.changed': 'Floor plan changed',
  'audit.retention': 'Audit retention set',
  'audit.pruned': 'Audit entries pruned',
};

export const OUTCOME_WORDS: Record<AuditOutcome, string> = {
  done: 'Done',
  refused: 'Refused (not done)',
  failed: 'Failed',
  uncertain: 'Uncertain (may have reached the server)',
};

const ALARM_ACTION_WORDS: Record<string, string> = { comment: 'Note on', acknowledge: 'Acknowledged', process: 'Processed', forceProcess: 'Force-processed' };

/** One line saying what was done, in the operator's words. */
export function describeAction(action: AuditAction): string {
  switch (action.kind) {
    case 'override':
      return [
        `${action.command} on ${action.item.name}`,
        action.endTime ? `until ${action.endTime}` : '',
        action.zoneCount !== undefined ? `count ${action.zoneCount}` : '',
        action.requestedBy ? `requested by ${action.requestedBy}` : '',
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
    case 'audit.retention':
      return action.retentionDays === null ? 'keep every entry' : `keep ${action.retentionDays} days`;
    case 'audit.pruned':
      return `${action.count} entries (${action.fromSeq}–${action.toSeq}) older than ${new Date(action.olderThan).toLocaleDateString()}`;
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
