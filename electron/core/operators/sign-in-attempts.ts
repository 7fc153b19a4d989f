import type { AuditAction } from '../../../shared/contract/audit';
import type { Operator, SignInRefusal } from '../../../shared/contract/operators';
import { DeskError } from '../../../shared/errors';
import { CardRefused } from '../piv/sign-in/card-refused';
import type { CardAuthenticator, CardPresence } from './card-authenticator';
import { CardPinGuard } from './card-pin-guard';
import { deskPinMatches } from './desk-pin';
import { DeskPinLockout } from './desk-pin-lockout';
import { PinFailures } from './pin-failures';
import type { RosterEntry, RosterStore } from './roster-store';

/**
 * Checking who is signing in, before the session lets them in: a card proven by its certificate and
 * matched to the roster by the id that certificate carries, or an operator's desk PIN within its
 * lockout. Every refusal is audited with why and, for a card, which card (its certificate's subject and
 * serial; never the PIN). The session (operator-session.ts) signs in whoever this returns.
 */

export interface SignInAttemptsOptions {
  roster: RosterStore | undefined;
  cards: CardAuthenticator | undefined;
  presence: CardPresence | undefined;
  record: ((action: AuditAction) => void) | undefined;
  now: () => number;
}

/** Who a card sign-in proved: the operator, and the card (its id and reader) the session then follows. */
export interface CardSignIn {
  operator: Operator;
  cardId: string;
  reader: string | undefined;
}

export class SignInAttempts {
  private readonly pinGuard: CardPinGuard | undefined;
  readonly deskPins: DeskPinLockout | undefined;
  /** One card check at a time: a burst of calls must not outrun the PIN counts. */
  private cardCheck: Promise<unknown> | undefined;

  constructor(private readonly options: SignInAttemptsOptions) {
    const failures = options.roster ? new PinFailures(options.roster.localStore, options.now) : undefined;
    this.deskPins = failures ? new DeskPinLockout(failures, options.now) : undefined;
    this.pinGuard = failures && options.presence ? new CardPinGuard(failures, options.presence, options.now) : undefined;
  }

  async card(request: { reader?: string; pin: string }, entries: () => RosterEntry[]): Promise<CardSignIn> {
    const cards = this.options.cards;
    if (!cards) throw new DeskError('card', 'This desk has no card reader service: sign in with your desk PIN');
    if (this.cardCheck) {
      const busy = new CardRefused('pin-guard', 'A card sign-in is already being checked: wait for its answer');
      this.audit('card', busy.reason, busy.message);
      throw busy;
    }
    const check = cards.authenticate({ ...request, ...(this.pinGuard ? { pinGuard: this.pinGuard } : {}) });
    this.cardCheck = check;
    try {
      const proof = await check;
      const operator = entries().find((e) => e.operator.cards.some((c) => c.cardId === proof.cardId))?.operator;
      if (!operator) {
        const card = proof.subject !== undefined && proof.serial !== undefined ? { subject: proof.subject, serial: proof.serial } : undefined;
        this.refuse('card', 'not-on-roster', `This card is not on this desk’s roster (${proof.label})`, card);
      }
      return { operator, cardId: proof.cardId, reader: proof.reader ?? request.reader };
    } catch (error) {
      if (error instanceof CardRefused) this.audit('card', error.reason, error.message, error.card);
      else if (error instanceof DeskError) this.audit('card', 'no-card', error.message);
      throw error;
    } finally {
      this.cardCheck = undefined;
    }
  }

  async deskPin(entry: RosterEntry | undefined, pin: string): Promise<Operator> {
    if (!entry) throw new DeskError('not-found', 'That operator is no longer on this desk’s roster');
    const { operator, deskPin } = entry;
    if (!deskPin) throw new DeskError('invalid-call', `${operator.name} has no desk PIN: sign in with your card`);
    const lockout = this.deskPins;
    const verdict = lockout?.check(operator) ?? { allowed: true };
    if (!verdict.allowed) this.refuse('deskPin', 'desk-pin-locked', verdict.message, undefined, operator.name);
    if (!(await deskPinMatches(deskPin, pin))) {
      this.refuse('deskPin', 'wrong-desk-pin', lockout?.wrong(operator) ?? 'The desk PIN is not right', undefined, operator.name);
    }
    lockout?.right(operator.id);
    return operator;
  }

  /** Audits the refusal and throws it: a card's as a CardRefused (code `card`), a desk PIN's as `signed-out`. */
  private refuse(method: 'card' | 'deskPin', reason: SignInRefusal, message: string, card?: { subject: string; serial: string }, attempted?: string): never {
    if (method === 'card') throw new CardRefused(reason, message, card);
    this.audit(method, reason, message, card, attempted);
    throw new DeskError('signed-out', message);
  }

  private audit(method: 'card' | 'deskPin', reason: SignInRefusal, message: string, card?: { subject: string; serial: string }, attempted?: string): void {
    this.options.record?.({
      kind: 'operator.signedIn',
      method,
      outcome: 'refused',
      outcomeText: message,
      reason,
      ...(attempted ? { attempted } : {}),
      ...(card ? { cardSerial: card.serial, cardSubject: card.subject } : {}),
    });
  }
}
