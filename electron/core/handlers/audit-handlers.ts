import type { auditCalls } from '../../../shared/contract/audit';
import { DeskError } from '../../../shared/errors';
import { auditCsv } from '../offline/audit-csv';
import type { AuditLog } from '../offline/audit-log';
import type { HandlerTable } from './handler-table';

/** The audit screen's calls: browse, export and set retention. Nothing here writes an action but retention. */
export function auditHandlers(audit: AuditLog | undefined): HandlerTable<keyof typeof auditCalls> {
  const use = (): AuditLog => {
    if (!audit) throw new DeskError('invalid-call', 'This desk keeps no audit log: it was started without a local store');
    return audit;
  };
  return {
    'audit.overview': async () => use().overview(),
    'audit.list': async (filter) => use().list(filter),
    'audit.exportCsv': async (filter) => auditCsv(use().matching(filter), filter),
    'audit.setRetention': async ({ retentionDays }) => {
      use().setRetention(retentionDays);
      return use().overview();
    },
  };
}
