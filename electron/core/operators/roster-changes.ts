import { randomUUID } from 'node:crypto';
import type { AuditAction } from '../../../shared/contract/audit';
import type { CardholderMatch } from '../../../shared/contract/directory';
import type { CardInReader, Operator, OperatorCard, OperatorRole, SignInPolicy } from '../../../shared/contract/operators';
import { DeskError } from '../../../shared/errors';
import type { CardAuthenticator } from './card-authenticator';
import { cardInReader, type CardHolders } from './card-elsewhere';
import { hashDeskPin } from './desk-pin';
import type { OperatorSession } from './operator-session';
import type { RosterStore } from './roster-store';

export interface AddOperatorRequest {
  cardholder: CardholderMatch;
  role: OperatorRole;
  linkCard: boolean;
  reader?: string | undefined;
  deskPin?: string | undefined;
}

/**
 * Changes to the roster and the sign-in policy, each audited (`operators.changed`). Who may make them is
 * decided before they get here (call-gates.ts: a supervisor, or anyone while the roster is empty).
 */
export class RosterChanges {
  constructor(
    private readonly session: OperatorSession,
    private readonly options: { cards?: CardAuthenticator; record?: (action: AuditAction) => void; now?: () => number; holders?: CardHolders },
  ) {}

  /** The roster, each operator with their wrong desk PINs where they have any. */
  list(): Operator[] {
    return this.store()
      .entries()
      .map(({ operator }) => {
        const deskPinLock = this.session.deskPinLockOf(operator.id);
        return deskPinLock && deskPinLock.count > 0 ? { ...operator, deskPinLock } : operator;
      });
  }

  /** Names for the desk-PIN sign-in list: only those with a desk PIN, and none while the fallback is off. */
  names(): { id: string; name: string }[] {
    if (!this.session.policy().deskPinFallback) return [];
    return (this.session.roster?.entries() ?? []).filter((e) => e.deskPin).map((e) => ({ id: e.operator.id, name: e.operator.name }));
  }

  async add(request: AddOperatorRequest): Promise<Operator[]> {
    const store = this.store();
    const first = store.isEmpty();
    if (store.entries().some((e) => e.operator.cardholderId === request.cardholder.id)) {
      throw new DeskError('invalid-call', `${request.cardholder.name} is already on this desk’s roster`);
    }
    if (!request.linkCard && !request.deskPin) {
      throw new DeskError('invalid-call', `${request.cardholder.name} needs a card or a desk PIN to sign in with: link their card, or set a desk PIN`);
    }
    if (request.deskPin && !request.linkCard && !this.session.policy().deskPinFallback) {
      throw new DeskError('invalid-call', 'Desk-PIN sign-in is turned off at this desk: link the operator’s card instead');
    }
    const cards = request.linkCard ? [await this.readCard(request.reader, undefined)] : [];
    const operator: Operator = {
      id: randomUUID(),
      name: request.cardholder.name,
      cardholderId: request.cardholder.id,
      cardholderHref: request.cardholder.href,
      // The first operator of an empty roster is its supervisor: someone must be able to add the rest.
      role: first ? 'supervisor' : request.role,
      cards,
      hasDeskPin: request.deskPin !== undefined,
      addedAt: (this.options.now ?? Date.now)(),
    };
    const deskPin = request.deskPin ? await hashDeskPin(request.deskPin) : undefined;
    store.add({ operator, ...(deskPin ? { deskPin } : {}) });
    this.options.record?.({
      kind: 'operators.changed',
      change: 'added',
      subject: operator.name,
      detail: [operator.role, ...cards.map((c) => c.label), deskPin ? 'desk PIN set' : ''].filter(Boolean).join(', '),
      outcome: 'done',
    });
    if (first) this.session.signInFirst(operator);
    else this.session.rosterChanged();
    return this.list();
  }

  remove(id: string): Operator[] {
    const store = this.store();
    const entries = store.entries();
    const gone = entries.find((e) => e.operator.id === id)?.operator;
    if (!gone) throw new DeskError('not-found', 'That operator is no longer on this desk’s roster');
    const rest = entries.filter((e) => e.operator.id !== id);
    if (gone.role === 'supervisor' && rest.length > 0 && !rest.some((e) => e.operator.role === 'supervisor')) {
      throw new DeskError('invalid-call', `${gone.name} is the last supervisor: add another supervisor before removing them`);
    }
    store.remove(id);
    this.options.record?.({ kind: 'operators.changed', change: 'removed', subject: gone.name, outcome: 'done' });
    this.session.rosterChanged();
    return this.list();
  }

  async linkCard(id: string, reader: string | undefined): Promise<Operator[]> {
    const store = this.store();
    const operator = store.entries().find((e) => e.operator.id === id)?.operator;
    if (!operator) throw new DeskError('not-found', 'That operator is no longer on this desk’s roster');
    const card = await this.readCard(reader, id);
    store.setCards(id, [...operator.cards.filter((c) => c.cardId !== card.cardId), card]);
    this.options.record?.({ kind: 'operators.changed', change: 'cardLinked', subject: operator.name, detail: card.label, outcome: 'done' });
    this.session.rosterChanged();
    return this.list();
  }

  /** The card in the reader and who else holds it (card-elsewhere.ts), asked before it is linked. */
  async cardInReader(cardholderHref: string, reader: string | undefined): Promise<CardInReader> {
    const cards = this.options.cards;
    if (!cards) throw new DeskError('card', 'This desk has no card reader service: set a desk PIN instead');
    const identity = await cards.identify(reader === undefined ? {} : { reader });
    return cardInReader(identity, cardholderHref, this.options.holders ?? { enrolments: async () => [] });
  }

  /** Lifts one operator's desk-PIN lock (`id`), or the whole desk's (none): audited, as every roster change. */
  liftPinLock(id: string | undefined): Operator[] {
    const operator = id === undefined ? undefined : this.store().entries().find((e) => e.operator.id === id)?.operator;
    if (id !== undefined && !operator) throw new DeskError('not-found', 'That operator is no longer on this desk’s roster');
    this.session.liftDeskPinLock(operator?.id ?? 'desk');
    this.options.record?.({
      kind: 'operators.changed',
      change: 'pinLockLifted',
      ...(operator ? { subject: operator.name } : {}),
      detail: operator ? 'desk-PIN lock lifted' : 'desk-PIN lock lifted for the whole desk',
      outcome: 'done',
    });
    return this.list();
  }

  setPolicy(policy: SignInPolicy): void {
    this.store().setPolicy(policy);
    const idle = policy.idleLockMinutes === null ? 'no idle lock' : `idle lock ${policy.idleLockMinutes} min`;
    const pulled = policy.cardStaysInReader ? `locks when the card is out ${policy.cardRemovedGraceSeconds} s` : 'card may leave the reader';
    const detail = [idle, pulled, policy.deskPinFallback ? 'desk PIN allowed' : 'desk PIN off'].filter(Boolean).join(', ');
    this.options.record?.({ kind: 'operators.changed', change: 'policy', detail, outcome: 'done' });
    this.session.rosterChanged();
  }

  private async readCard(reader: string | undefined, forOperator: string | undefined): Promise<OperatorCard> {
    const cards = this.options.cards;
    if (!cards) throw new DeskError('card', 'This desk has no card reader service: set a desk PIN instead');
    const identity = await cards.identify(reader === undefined ? {} : { reader });
    const holder = this.store().entries().find((e) => e.operator.id !== forOperator && e.operator.cards.some((c) => c.cardId === identity.cardId));
    if (holder) throw new DeskError('invalid-call', `This card is already linked to ${holder.operator.name}`);
    return { cardId: identity.cardId, label: identity.label, ...(identity.expiresAt !== undefined ? { expiresAt: identity.expiresAt } : {}) };
  }

  private store(): RosterStore {
    const roster = this.session.roster;
    if (!roster) throw new DeskError('invalid-call', 'This desk keeps no local store, so it has no roster of operators');
    return roster;
  }
}
