import type { CallResult, CheckedParams } from '../../../shared/contract';
import type { CardInReader, IssuableCardType, VisitorCard } from '../../../shared/contract/visitor-cards';
import { DeskError } from '../../../shared/errors';
import { addCard, heldCards, issuableCardTypes, removeCardFrom, type HeldCard, type ServerCardType } from '../api/visitor-cards';
import type { AuditLog } from '../offline/audit-log';
import { audited } from '../offline/audited';
import type { SiteSession } from '../site-session';
import { whileConnected } from './offline-words';

export interface VisitorCardOptions {
  session: () => SiteSession;
  audit?: AuditLog | undefined;
  /** The card in the desk's reader as its card number (electron/core/piv/card-number-in-reader.ts). */
  cardInReader: () => Promise<CardInReader>;
}

/**
 * A visitor's card: lent at reception (typed, or read from the desk's reader) until the visit's end,
 * and collected when it is handed back. Collecting takes the card off the visitor's record (the
 * reference's `cards.remove`), so the same card can be lent to the next visitor: a card number is
 * unique within its card type, and a card left on the departed visitor, even disabled, would hold it.
 */
export class VisitorCardService {
  constructor(private readonly options: VisitorCardOptions) {}

  cardTypes(): Promise<CallResult<'reception.cardTypes'>> {
    return this.options.session().read(async (transport, discovery) => ({
      types: (await issuableCardTypes(transport, discovery)).map(typeEntry).sort((a, b) => a.name.localeCompare(b.name)),
    }));
  }

  cards(cardholder: string): Promise<CallResult<'reception.visitorCards'>> {
    return this.options.session().read(async (transport) => ({ cards: (await heldCards(transport, cardholder)).flatMap(cardEntry) }));
  }

  readNumber(): Promise<CardInReader> {
    return this.options.cardInReader();
  }

  issue(params: CheckedParams<'reception.issueCard'>): Promise<CallResult<'reception.issueCard'>> {
    const action = { kind: 'visitorCard.issued' as const, visitor: params.visitorName, cardNumber: params.number, cardType: params.type.name };
    return audited(this.options.audit, action, () =>
      whileConnected(this.options.session(), `card ${params.number} for ${params.visitorName}`, async (transport) => {
        const until = new Date(params.until);
        if (until.getTime() <= Date.now()) throw new DeskError('bad-request', `The visit has ended: card ${params.number} would not open any door`);
        await addCard(transport, params.cardholder, { type: params.type.href, number: params.number, until }, `Card ${params.number} for ${params.visitorName}`).catch(
          explainRefusal(params.number, params.type.name),
        );
        return { cards: (await heldCards(transport, params.cardholder)).flatMap(cardEntry) };
      }),
    );
  }

  collect(params: CheckedParams<'reception.collectCard'>): Promise<CallResult<'reception.collectCard'>> {
    return audited(this.options.audit, { kind: 'visitorCard.collected', visitor: params.visitorName, cardNumber: params.number }, () =>
      whileConnected(this.options.session(), `collecting card ${params.number} from ${params.visitorName}`, async (transport) => {
        const held = await heldCards(transport, params.cardholder);
        if (!held.some((c) => c.href === params.card)) {
          throw new DeskError('not-found', `Card ${params.number} is no longer on ${params.visitorName}'s record: it was already collected or removed`);
        }
        await removeCardFrom(transport, params.cardholder, params.card, `Collecting card ${params.number}`);
        return { cards: (await heldCards(transport, params.cardholder)).flatMap(cardEntry) };
      }),
    );
  }
}

function typeEntry(t: ServerCardType): IssuableCardType {
  const rule = t.minimumNumber && t.maximumNumber ? `${t.minimumNumber} to ${t.maximumNumber}` : t.regexDescription;
  return { href: t.href, name: t.name ?? 'Card type without a name', ...(rule ? { numberRule: rule } : {}) };
}

function cardEntry(c: HeldCard): VisitorCard[] {
  if (!c.number) return [];
  return [{ href: c.href, number: c.number, ...(c.type?.name ? { type: c.type.name } : {}), state: c.status?.value ?? 'State not given', ...(c.until ? { until: c.until } : {}) }];
}

/**
 * The server's 400 for a card it will not take, said as what it means at the desk: the number is
 * another card's (unique within a card type), or not a number this type allows.
 */
function explainRefusal(number: string, typeName: string): (err: unknown) => never {
  return (err) => {
    if (err instanceof DeskError && err.code === 'bad-request') {
      const reason = err.message.replace(/^.*?\(400\):?\s*/, '');
      if (/already|in use|unique|duplicate/i.test(reason)) {
        throw new DeskError('bad-request', `Card ${number} is already given to someone else (a ${typeName} number is used once): take another card`);
      }
      if (/not valid|regex|range|must be|required/i.test(reason)) {
        throw new DeskError('bad-request', `${number} is not a ${typeName} number the server accepts: ${reason}`);
      }
      throw new DeskError('bad-request', `The server refused card ${number}: ${reason}`);
    }
    throw err;
  };
}
