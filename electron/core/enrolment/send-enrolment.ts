import { DeskError } from '../../../shared/errors';
import { sameCardNumber } from '../../../shared/piv/fascn-number';
import { createCardholder, getCardholder, updateCardholderCards } from '../api/cardholders';
import type { Cardholder } from '../api/cardholder-schemas';
import type { OutboxRecord } from './outbox-record';
import type { EnrolmentServer } from './site-link';

/** What one attempt to send an enrolment came to. */
export type SendOutcome =
  | { kind: 'sent'; cardholderHref: string; cardStatus?: { value: string; type?: string } }
  /**
   * Not done yet: send later. `attempted` says whether a request may have reached the server (a PATCH
   * whose answer was lost: the cardholder is read back before anything is sent again).
   */
  | { kind: 'not-sent'; note: string; attempted: boolean }
  /** The server answered no; sending the same again would be refused again. */
  | { kind: 'refused'; note: string }
  /** The request may have reached the server and the answer was lost: never sent again without the operator. */
  | { kind: 'uncertain'; note: string };

export interface SendSteps {
  /** Writes `attempted` to disk; called right before the request goes out. */
  markAttempted(): Promise<void>;
}

/**
 * One attempt at an enrolment. An existing cardholder is read first: a card with this number already
 * there means our earlier PATCH arrived (when one was attempted) or a duplicate (when none was). A new
 * cardholder cannot be looked for (the interface has no cardholder search), so a create that was
 * attempted before is never repeated here: it is uncertain until the operator decides.
 */
export async function sendEnrolment(server: EnrolmentServer, record: OutboxRecord, steps: SendSteps): Promise<SendOutcome> {
  const card = { ...record.enrolment, type: { href: server.pivCardType.href }, status: { value: record.status } };
  const { transport, discovery } = server;
  const target = record.target;
  // markAttempted changes the record; what matters for "may an earlier request have arrived" is before this attempt.
  const wasAttempted = record.attempted;
  if (target.kind === 'new') {
    if (wasAttempted) {
      return { kind: 'uncertain', note: 'Outcome unknown: the server may have created this cardholder before the connection was lost. Check on the server, then resend or discard.' };
    }
    await steps.markAttempted();
    try {
      const href = await createCardholder(transport, discovery, {
        division: { href: target.divisionHref },
        ...(target.firstName ? { firstName: target.firstName } : {}),
        ...(target.lastName ? { lastName: target.lastName } : {}),
        cards: [card],
      });
      return { kind: 'sent', cardholderHref: href, ...(await statusOfCard(server, href, record)) };
    } catch (error) {
      const failure = classify(error);
      if (failure.kind === 'lost') {
        return { kind: 'uncertain', note: `Outcome unknown — check on the server (${failure.note}). Not sent again until you decide.` };
      }
      return failure.kind === 'not-sent' ? { ...failure, attempted: false } : failure;
    }
  }

  let holder: Cardholder;
  try {
    holder = await getCardholder(transport, target.href);
  } catch (error) {
    const failure = classify(error);
    return failure.kind === 'refused' ? failure : { kind: 'not-sent', note: failure.note, attempted: wasAttempted };
  }
  if (findCard(holder, record)) {
    if (wasAttempted) return { kind: 'sent', cardholderHref: target.href, ...(await statusOfCard(server, target.href, record, holder)) };
    return { kind: 'refused', note: `This cardholder already has card number ${record.enrolment.number}: it was not added twice` };
  }
  await steps.markAttempted();
  try {
    await updateCardholderCards(transport, discovery, target.href, { add: [card] });
  } catch (error) {
    const failure = classify(error);
    // Sent and no answer: read the cardholder back at the next attempt before sending anything again.
    if (failure.kind === 'lost') {
      return { kind: 'not-sent', attempted: true, note: `Connection lost after sending (${failure.note}); the cardholder will be read back before anything is resent` };
    }
    return failure.kind === 'not-sent' ? { ...failure, attempted: wasAttempted } : failure;
  }
  return { kind: 'sent', cardholderHref: target.href, ...(await statusOfCard(server, target.href, record)) };
}

type Failure = { kind: 'not-sent'; note: string } | { kind: 'refused'; note: string } | { kind: 'lost'; note: string };

/** Sorts a failure by what the server can have seen of the request. */
function classify(error: unknown): Failure {
  if (!(error instanceof DeskError)) throw error;
  switch (error.code) {
    case 'certificate':
    case 'unauthorised':
    case 'offline':
      return { kind: 'not-sent', note: error.message };
    case 'network':
      // A refused connection or an unknown name never carried the request.
      if (/refused the connection|name could not be found/.test(error.message)) return { kind: 'not-sent', note: error.message };
      return { kind: 'lost', note: error.message };
    case 'timeout':
    case 'server-error':
    case 'invalid-response':
      return { kind: 'lost', note: error.message };
    default:
      return { kind: 'refused', note: `${statusOf(error.code)}${error.message}` };
  }
}

function statusOf(code: string): string {
  const status: Record<string, string> = { 'bad-request': '400 ', forbidden: '403 ', licence: '403 ', 'not-found': '404 ' };
  return status[code] ? `Refused by the server (${status[code].trim()}): ` : '';
}

function findCard(holder: Cardholder, record: OutboxRecord) {
  return holder.cards?.find((c) => c.number !== undefined && sameCardNumber(c.number, record.enrolment.number));
}

/** The card's status as the server now reports it; left out when the read-back fails (the enrolment is done). */
async function statusOfCard(server: EnrolmentServer, href: string, record: OutboxRecord, known?: Cardholder) {
  try {
    const holder = known ?? (await getCardholder(server.transport, href));
    const status = findCard(holder, record)?.status;
    return status ? { cardStatus: status } : {};
  } catch {
    return {};
  }
}
