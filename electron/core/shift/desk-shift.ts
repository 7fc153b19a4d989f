import type { ShiftReport } from '../../../shared/contract/operators';
import type { EnrolmentService } from '../enrolment/enrolment-service';
import type { OperatorSession } from '../operators/operator-session';
import type { OperatorOnDuty } from './on-duty';
import type { HandoverLock } from './shift-handover';

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
