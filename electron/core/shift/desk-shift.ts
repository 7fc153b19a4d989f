import type { AlarmQueue } from '../../../shared/contract/alarms';
import type { ShiftReport } from '../../../shared/contract/operators';
import type { EnrolmentService } from '../enrolment/enrolment-service';
import type { OperatorSession } from '../operators/operator-session';
import type { OperatorOnDuty } from './on-duty';
import type { ContractEvents } from '../events';
import type { DeskRecords } from '../offline/desk-records';
import { ActiveOverrides, type OverrideSite } from '../overrides/active-overrides';
import { ShiftHandover, type HandoverLock, type ShiftHandoverOptions } from './shift-handover';

/** The signed-in operator as the overrides and the shift report need them. */
export function onDuty(session: OperatorSession): OperatorOnDuty | undefined {
  const operator = session.current();
  const since = session.state().since;
  if (!operator || since === undefined) return undefined;
  return { id: operator.id, name: operator.name, cardholderId: operator.cardholderId, since };
}

/** Ending a shift signs the operator out with the handover waiting; reading it clears the wait. */
export function handoverLock(session: OperatorSession): HandoverLock {
  return {
    // Signed out first: the handover is never shown waiting to the operator who just ended the shift.
    shiftEnded: (id) => {
      session.signOut('shiftEnded');
      session.setHandoverPending(id);
    },
    handoverAcknowledged: () => {
      session.setHandoverPending(undefined);
      return session.state();
    },
  };
}

/** Enrolments the outbox still holds unsent (waiting, or their outcome not known), without naming the cardholder. */
export async function unsentEnrolments(enrolment: EnrolmentService | undefined): Promise<ShiftReport['notSent']> {
  const items = (await enrolment?.outboxItems()) ?? [];
  return items
    .filter((i) => i.state === 'pending' || i.state === 'sending' || i.state === 'uncertain' || i.state === 'refused')
    .map((i) => ({
      time: i.createdAt,
      what: i.state === 'uncertain' ? 'PIV enrolment: the server may not have it' : i.state === 'refused' ? 'PIV enrolment refused by the server' : 'PIV enrolment waiting in the outbox',
      ...(i.note ? { detail: i.note } : {}),
    }));
}

/** What the desk lends its overrides and shift handover: the operator session, the local store, the site shown now. */
export interface DeskShiftParts {
  operators: OperatorSession;
  records: DeskRecords;
  events: ContractEvents;
  site: OverrideSite;
  board: ShiftHandoverOptions['board'];
  enrolment: EnrolmentService | undefined;
  /** The open site's alarm queue, for the handover to carry. */
  alarms: () => AlarmQueue | undefined;
}

/** The overrides this desk sent that last, judged again whenever one of their items' status or liveness changes. */
export function deskActiveOverrides(parts: DeskShiftParts): ActiveOverrides {
  const { operators, records, events } = parts;
  const overrides = new ActiveOverrides({
    store: records.store,
    audit: records.audit,
    operator: () => onDuty(operators),
    changed: (list) => events.emit('overrides.active', list),
    site: parts.site,
  });
  // A new board brings its items' statuses and liveness inside it: every override is judged again.
  events.onBoard(() => overrides.refresh());
  events.on('status.delta', (batch) => overrides.itemsChanged(batch.map((s) => s.href)));
  events.on('status.liveness', (batch) => overrides.itemsChanged(batch.map((l) => l.href)));
  events.on('connection', () => overrides.refresh());
  return overrides;
}

/** The shift handover; a handover still unread when the desk stopped is waiting again after a restart. */
export function deskShiftHandover(parts: DeskShiftParts, overrides: ActiveOverrides): ShiftHandover {
  const { operators, records } = parts;
  const shift = new ShiftHandover({
    audit: records.audit,
    operator: () => onDuty(operators),
    lock: handoverLock(operators),
    overridesRunning: () => overrides.stillOpen(),
    board: parts.board,
    unsentEnrolments: () => unsentEnrolments(parts.enrolment),
    alarms: parts.alarms,
  });
  const waiting = shift.pending();
  if (waiting) operators.setHandoverPending(waiting.id);
  return shift;
}
