import type { AuditAction, AuditOutcome } from '../../../shared/contract/audit';
import { DeskError, type ErrorCode } from '../../../shared/errors';
import type { AuditLog } from './audit-log';

/** Codes after which the action certainly did not happen: the desk or the server turned it down. */
const refusedCodes: readonly ErrorCode[] = ['offline', 'invalid-call', 'bad-request', 'forbidden', 'licence', 'not-found', 'unauthorised', 'certificate', 'keychain', 'credentials'];
/** Codes after which no one can say whether the server acted: the request may have reached it. */
const uncertainCodes: readonly ErrorCode[] = ['timeout', 'network', 'uncertain'];

/** How a failure ends an action in the audit log, and the words the operator was shown. */
export function failureOutcome(err: unknown): { outcome: AuditOutcome; outcomeText: string } {
  if (err instanceof DeskError) {
    const outcome = refusedCodes.includes(err.code) ? 'refused' : uncertainCodes.includes(err.code) ? 'uncertain' : 'failed';
    return { outcome, outcomeText: err.message };
  }
  return { outcome: 'failed', outcomeText: err instanceof Error ? err.message : String(err) };
}

type Described = AuditAction extends infer A ? (A extends AuditAction ? Omit<A, 'outcome' | 'outcomeText'> : never) : never;

/**
 * Runs an action and records it with how it ended, whatever the ending; the action's own result or
 * error goes back to the caller unchanged. Without an audit log (tools, some tests) it only runs.
 */
export async function audited<T>(audit: AuditLog | undefined, action: Described, run: () => Promise<T>): Promise<T> {
  if (!audit) return run();
  try {
    const result = await run();
    audit.record({ ...action, outcome: 'done' } as AuditAction);
    return result;
  } catch (err) {
    audit.record({ ...action, ...failureOutcome(err) } as AuditAction);
    throw err;
  }
}
