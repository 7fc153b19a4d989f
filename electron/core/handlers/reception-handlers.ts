import type { receptionCalls } from '../../../shared/contract/reception';
import type { visitorCardCalls } from '../../../shared/contract/visitor-cards';
import { cardholderPhoto, checkCard, checkCardInReader } from '../reception/card-check';
import { CardIndex } from '../reception/card-index';
import { ReceptionService } from '../reception/reception-service';
import { RollCallService } from '../reception/roll-call';
import { VisitorCardService, type VisitorCardOptions } from '../reception/visitor-cards';
import type { HandlerTable } from './handler-table';

/** Reception, roll call and visitors' cards (shared/contract/reception.ts, visitor-cards.ts): reads through the open site, actions audited and never queued. */
export function receptionHandlers(parts: VisitorCardOptions): HandlerTable<keyof typeof receptionCalls | keyof typeof visitorCardCalls> {
  const { session } = parts;
  const reception = new ReceptionService(parts);
  const rollCall = new RollCallService(parts);
  const visitorCards = new VisitorCardService(parts);
  // One per desk: a site's cards found once are checked again by their holder alone.
  const cards = new CardIndex();
  return {
    'cardCheck.byNumber': ({ number }) => checkCard(session(), number, cards),
    'reception.photo': ({ cardholder }) => cardholderPhoto(session(), cardholder),
    'reception.list': () => reception.list(),
    'reception.today': ({ reception: href }) => reception.today(href),
    'reception.visitorTypes': ({ reception: href }) => reception.visitorTypes(href),
    'reception.setVisitorState': (params) => reception.setVisitorState(params),
    'reception.notifyHost': (params) => reception.notifyHost(params),
    'reception.walkIn': (params) => reception.walkIn(params),
    'rollCall.get': () => rollCall.get(),
    'rollCall.musterZones': () => rollCall.musterZones(),
    'rollCall.markSafe': (params) => rollCall.markSafe(params),
    'reception.cardTypes': () => visitorCards.cardTypes(),
    'reception.visitorCards': ({ cardholder }) => visitorCards.cards(cardholder),
    'reception.issueCard': (params) => visitorCards.issue(params),
    'reception.collectCard': (params) => visitorCards.collect(params),
    'cardReader.number': () => visitorCards.readNumber(),
    'cardCheck.inReader': () => checkCardInReader(session(), () => visitorCards.readNumber(), cards),
  };
}
