import { randomUUID } from 'node:crypto';
import type { AlarmQueue } from '../../../shared/contract/alarms';
import type { AuditEntry } from '../../../shared/contract/audit';
import type { ActiveOverride, OperatorSession, ShiftReport } from '../../../shared/contract/operators';
import type { BoardItem, ItemStatus } from '../../../shared/domain';
import { DeskError } from '../../../shared/errors';
import type { AuditLog } from '../offline/audit-log';
import type { OperatorOnDuty } from './on-duty';
import { shiftCsv } from './shift-csv';
import { buildShiftReport } from './shift-report';

/** What the operator session (electron/core/operators/) does when a shift ends and its handover is read. */
export interface HandoverLock {
  /** Locks the desk (`locked: 'shiftEnded'`) with the handover waiting for the next operator. */
  shiftEnded(reportId: string): void | Promise<void>;
  /** The next operator read the handover: the session as it is now. */
  handoverAcknowledged(reportId: string): OperatorSession | Promise<OperatorSession>;
}

export interface ShiftHandoverOptions {
  audit: AuditLog | undefined;
  operator: () => OperatorOnDuty | undefined;
  lock: HandoverLock;
  overridesRunning: () => ActiveOverride[];
  /** The board's items and statuses now (empty while no site is open). */
  board: () => { items: readonly BoardItem[]; statuses: readonly ItemStatus[] };
  unsentEnrolments?: () => Promise<ShiftReport['notSent']>;
  /** The server's alarm queue now (undefined while no site's alarms are followed). */
  alarms?: () => AlarmQueue | undefined;
  now?: () => number;
}

/**
 * The shift handover: the signed-in operator's report so far, ending the shift (the report kept whole
 * in the audit log as `shift.ended`, the desk locked until someone signs in), and the next operator
 * acknowledging it (`shift.acknowledged`). Everything is read back from the audit log, so a restart
 * between the end and the acknowledgement loses nothing.
 */
export class ShiftHandover {
  private readonly now: () => number;

  constructor(private readonly options: ShiftHandoverOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The signed-in operator's shift so far. */
  async report(id = 'current'): Promise<ShiftReport> {
    const operator = this.signedIn('There is no shift to report on');
    const audit = this.log();
    const { items, statuses } = this.options.board();
    return buildShiftReport({
      id,
      operator,
      to: this.now(),
      entries: audit.matching({ from: operator.since }),
      overridesRunning: this.options.overridesRunning(),
      items,
      statuses,
      unsentEnrolments: (await this.options.unsentEnrolments?.()) ?? [],
      alarms: this.options.alarms?.(),
    });
  }

  /** Records the report in the audit log, then locks the desk for the next operator. */
  async end(): Promise<ShiftReport> {
    const report = await this.report(randomUUID());
    this.log().record({ kind: 'shift.ended', report, outcome: 'done' });
    await this.options.lock.shiftEnded(report.id);
    return report;
  }

  /** The last ended shift's report while nobody has acknowledged it. */
  pending(): ShiftReport | undefined {
    const latest = this.ended()[0];
    if (!latest || this.acknowledgement(latest.id)) return undefined;
    return latest;
  }

  async acknowledge(id: string): Promise<OperatorSession> {
    const operator = this.signedIn('Sign in to acknowledge the handover');
    const report = this.pending();
    if (!report || report.id !== id) throw new DeskError('invalid-call', 'That handover is not the one waiting to be acknowledged (it may have been read already)');
    this.log().record({ kind: 'shift.acknowledged', report: id, endedBy: report.operator, acknowledgedBy: operator.name, outcome: 'done' });
    return this.options.lock.handoverAcknowledged(id);
  }

  /** An ended shift's report as CSV, with who acknowledged it, when someone has. */
  async exportCsv(id: string): Promise<{ fileName: string; csv: string; rows: number }> {
    const report = id === 'current' ? await this.report() : this.ended().find((r) => r.id === id);
    if (!report) throw new DeskError('not-found', 'No shift report with that id is in the audit log (it may have been pruned)');
    return shiftCsv(report);
  }

  /** Ended shifts' reports, newest first, each with its acknowledgement where there is one. */
  private ended(): ShiftReport[] {
    return this.log()
      .matching({ kinds: ['shift.ended'] })
      .flatMap((e) => (e.action.kind === 'shift.ended' ? [this.withAcknowledgement(e.action.report)] : []));
  }

  private withAcknowledgement(report: ShiftReport): ShiftReport {
    const ack = this.acknowledgement(report.id);
    return ack && ack.action.kind === 'shift.acknowledged' ? { ...report, acknowledgedBy: ack.action.acknowledgedBy, acknowledgedAt: ack.at } : report;
  }

  private acknowledgement(id: string): AuditEntry | undefined {
    return this.log()
      .matching({ kinds: ['shift.acknowledged'] })
      .find((e) => e.action.kind === 'shift.acknowledged' && e.action.report === id);
  }

  private signedIn(why: string): OperatorOnDuty {
    const operator = this.options.operator();
    if (!operator) throw new DeskError('invalid-call', `Nobody is signed in at this desk. ${why}`);
    return operator;
  }

  private log(): AuditLog {
    if (!this.options.audit) throw new DeskError('invalid-call', 'This desk keeps no audit log: it was started without a local store, so shifts cannot be reported');
    return this.options.audit;
  }
}
