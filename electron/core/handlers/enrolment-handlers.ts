import type { enrolmentCalls } from '../../../shared/contract/enrolment';
import { DeskError } from '../../../shared/errors';
import type { EnrolmentService } from '../enrolment/enrolment-service';
import type { HandlerTable } from './handler-table';

/** Enrolment's calls (screen 5); a desk built without readers or an outbox answers that it has none. */
export function enrolmentHandlers(service: EnrolmentService | undefined): HandlerTable<keyof typeof enrolmentCalls> {
  const use = (): EnrolmentService => {
    if (!service) throw new DeskError('invalid-call', 'This desk was started without PIV enrolment');
    return service;
  };
  return {
    'enrolment.readers': () => use().readerList(),
    'enrolment.readiness': () => use().readiness(),
    'enrolment.readCard': ({ reader, pin }) => use().readCard(reader, pin),
    'enrolment.enrol': (request) => use().enrol(request),
    'enrolment.outbox': () => use().outboxItems(),
    'enrolment.resolve': ({ id, action }) => use().resolve(id, action),
    'enrolment.cards': ({ cardholderHref }) => use().cards(cardholderHref),
    'enrolment.updateCard': ({ cardholderHref, cardHref, status, pivStatus }) =>
      use().updateCard(cardholderHref, cardHref, { ...(status ? { status } : {}), ...(pivStatus ? { pivStatus } : {}) }),
    'enrolment.deleteCard': ({ cardholderHref, cardHref }) => use().deleteCard(cardholderHref, cardHref),
    'enrolment.cardsChanged': ({ href }) => use().cardsChanged(href),
    'enrolment.demoCard': ({ action }) => use().demoCard(action),
  };
}
