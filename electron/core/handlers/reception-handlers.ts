import type { receptionCalls } from '../../../shared/contract/reception';
import type { visitorCardCalls } from '../../../shared/contract/visitor-cards';
import { cardholderPhoto, checkCard, checkCardInReader } from '../reception/card-check';
import { CardIndex } from '../reception/card-index';
import type { ReceptionService } from '../reception/reception-service';
import type { SiteSession } from '../site-session';
import type { RollCallService } from '../reception/roll-call';
import type { VisitorCardService } from '../reception/visitor-cards';
import type { OverdueVisitors } from '../../../shared/contract/reception';
import type { HandlerTable } from './handler-table';

export interface ReceptionHandlerParts {
  reception: ReceptionService;
  rollCall: RollCallService;
  visitorCards: VisitorCardService;
  session: () => SiteSession;
  /** This desk's chosen reception on the open site: read, and set (which reads its overdue visitors again). */
  chosen: () => string | undefined;
  choose: (href: string) => void;
  /** The overdue visitors as the strip is shown them now. */
  overdue: () => OverdueVisitors;
}

/** Reception, roll call and visitors' cards (shared/contract/reception.ts, visitor-cards.ts): reads through the open site, actions audited and never queued. */
export function receptionHandlers(parts: ReceptionHandlerParts): HandlerTable<keyof typeof receptionCalls | keyof typeof visitorCardCalls> {
  const { reception, rollCall, visitorCards, session } = parts;
  // One per desk: a site's cards found once are checked again by their holder alone.
  const cards = new CardIndex();
  return {
    'cardCheck.byNumber': ({ number }) => checkCard(session(), number, cards),
    'reception.photo': ({ cardholder }) => cardholderPhoto(session(), cardholder),
    'reception.list': async () => {
      const { receptions } = await reception.list();
      const chosen = parts.chosen();
      return { receptions, ...(chosen ? { chosen } : {}) };
    },
    'reception.choose': ({ reception: href }) => {
      parts.choose(href);
      return Promise.resolve({ chosen: href });
    },
    'reception.overdue': () => Promise.resolve(parts.overdue()),
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
