import type { CallName } from '../../../shared/contract';
import type { AuditAction } from '../../../shared/contract/audit';
import type { LockReason, Operator, OperatorSession as SessionState, SignInPolicy } from '../../../shared/contract/operators';
import { DeskError } from '../../../shared/errors';
import { callGates } from './call-gates';
import type { CardAuthenticator, CardPresence } from './card-authenticator';
import { deskPinMatches } from './desk-pin';
import type { RosterStore } from './roster-store';

export const MAX_WRONG_DESK_PINS = 5;
const ANY_READER = '*';
export const DESK_PIN_LOCKOUT_MS = 5 * 60_000;

export interface OperatorSessionOptions {
  /** The roster in the local store; absent on a desk built without one (it then stays open, as before operators). */
  roster?: RosterStore;
  /** The kiosk profile turns the desk-PIN fallback off by default. */
  profile: 'kiosk' | 'desk';
  cards?: CardAuthenticator;
  presence?: CardPresence;
  record?: (action: AuditAction) => void;
  /** Told of every change of who is signed in, the lock or the policy (the `operator.session` event). */
  changed: (session: SessionState) => void;
  now?: () => number;
  /** How long a policy minute lasts: 60 s, shorter only in tests that watch the idle lock happen. */
  minuteMs?: number;
}

/**
 * Who is signed in at this desk, and the lock. With an empty roster nobody is needed and nothing is
 * refused (the desk works as it did before operators); once the roster has anyone, nobody signed in
 * means locked, and `gate` refuses every call that acts. Signing in is the operator's own card (proof
 * from CardAuthenticator, matched to the roster by card id) or, where the policy allows, a desk PIN.
 * The desk locks itself after the policy's idle minutes and, if the card stays in the reader, when it
 * is taken out.
 */
export class OperatorSession {
  private operator: Operator | undefined;
  private since: number | undefined;
  private lockReason: LockReason = 'started';
  /** The reader the signed-in operator's card is in (card sign-in only). */
  private cardReader: string | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private wrongPins = 0;
  private pinLockedUntil = 0;
  private handoverPending: string | undefined;
  private readonly now: () => number;
  private readonly stopPresence: (() => void) | undefined;

  constructor(private readonly options: OperatorSessionOptions) {
    this.now = options.now ?? Date.now;
    this.stopPresence = options.presence?.onRemoved((reader) => this.cardRemoved(reader));
  }

  get roster(): RosterStore | undefined {
    return this.options.roster;
  }

  defaultPolicy(): SignInPolicy {
    return { idleLockMinutes: 15, cardStaysInReader: false, deskPinFallback: this.options.profile !== 'kiosk' };
  }

  policy(): SignInPolicy {
    return this.options.roster?.policy(this.defaultPolicy()) ?? this.defaultPolicy();
  }

  rosterEmpty(): boolean {
    return this.options.roster?.isEmpty() ?? true;
  }

  /** The signed-in operator, or undefined (locked, or nobody needed while the roster is empty). */
  current(): Operator | undefined {
    return this.operator;
  }

  state(): SessionState {
    const operator = this.operator;
    return {
      ...(operator ? { operator: { id: operator.id, name: operator.name, cardholderId: operator.cardholderId, role: operator.role }, since: this.since } : {}),
      ...(!operator && !this.rosterEmpty() ? { locked: this.lockReason } : {}),
      policy: this.policy(),
      rosterEmpty: this.rosterEmpty(),
      ...(this.handoverPending ? { handoverPending: this.handoverPending } : {}),
    };
  }

  /** Refuses `name` when the session does not allow it: one rule for every call, from `callGates`. */
  gate(name: CallName): void {
    const gate = callGates[name];
    if (gate === 'open' || this.rosterEmpty()) return;
    if (!this.operator) throw new DeskError('signed-out', 'Sign in to do this');
    if (gate === 'supervisor' && this.operator.role !== 'supervisor') {
      throw new DeskError('signed-out', 'Only a supervisor can change the roster or the sign-in policy: ask a supervisor to sign in');
    }
  }

  async signInWithCard(request: { reader?: string; pin: string }): Promise<SessionState> {
    const cards = this.options.cards;
    if (!cards) throw new DeskError('card', 'This desk has no card reader service: sign in with your desk PIN');
    if (this.rosterEmpty()) throw new DeskError('invalid-call', 'Nobody is on this desk’s roster yet: add the first operator in Settings');
    const proof = await cards.authenticate(request);
    const operator = this.entries().find((e) => e.operator.cards.some((c) => c.cardId === proof.cardId))?.operator;
    if (!operator) {
      this.options.record?.({ kind: 'operator.signedIn', method: 'card', outcome: 'refused', outcomeText: `Card not on the roster (${proof.label})` });
      throw new DeskError('card', 'This card is not on this desk’s roster');
    }
    // Where the reader is not known (the only card present), any card taken out locks.
    this.signIn(operator, 'card', proof.reader ?? request.reader ?? ANY_READER);
    return this.state();
  }

  async signInWithPin(operatorId: string, pin: string): Promise<SessionState> {
    if (!this.policy().deskPinFallback) throw new DeskError('invalid-call', 'Signing in with a desk PIN is turned off at this desk: sign in with your card');
    const waitMs = this.pinLockedUntil - this.now();
    if (waitMs > 0) throw new DeskError('signed-out', `Too many wrong desk PINs: try again in ${Math.ceil(waitMs / 60_000)} min`);
    const entry = this.entries().find((e) => e.operator.id === operatorId);
    if (!entry) throw new DeskError('not-found', 'That operator is no longer on this desk’s roster');
    if (!entry.deskPin) throw new DeskError('invalid-call', `${entry.operator.name} has no desk PIN: sign in with your card`);
    if (!(await deskPinMatches(entry.deskPin, pin))) {
      this.wrongPins++;
      const left = MAX_WRONG_DESK_PINS - this.wrongPins;
      this.options.record?.({ kind: 'operator.signedIn', method: 'deskPin', attempted: entry.operator.name, outcome: 'refused', outcomeText: 'Wrong desk PIN' });
      if (left <= 0) {
        this.wrongPins = 0;
        this.pinLockedUntil = this.now() + DESK_PIN_LOCKOUT_MS;
        throw new DeskError('signed-out', `The desk PIN is not right. Too many wrong tries: desk-PIN sign-in waits ${DESK_PIN_LOCKOUT_MS / 60_000} min`);
      }
      throw new DeskError('signed-out', `The desk PIN is not right (${left} ${left === 1 ? 'try' : 'tries'} left)`);
    }
    this.wrongPins = 0;
    this.signIn(entry.operator, 'deskPin', undefined);
    return this.state();
  }

  /** The first operator of an empty roster is signed in as they are added: they were already at the desk. */
  signInFirst(operator: Operator): void {
    this.signIn(operator, 'firstOperator', undefined);
  }

  signOut(reason: LockReason): SessionState {
    const operator = this.operator;
    if (operator) this.options.record?.({ kind: 'operator.signedOut', reason, outcome: 'done' });
    this.operator = undefined;
    this.since = undefined;
    this.cardReader = undefined;
    this.lockReason = reason;
    this.clearIdle();
    this.tell();
    return this.state();
  }

  /** The operator touched the desk: the idle lock starts counting again. */
  active(): void {
    if (this.operator) this.armIdle();
  }

  /** A handover is waiting for the next operator (shift.end), or was acknowledged (undefined). */
  setHandoverPending(id: string | undefined): void {
    this.handoverPending = id;
    this.tell();
  }

  /** The roster or the policy changed: the signed-in operator is re-read (removed → signed out), timers follow the policy. */
  rosterChanged(): void {
    const operator = this.operator;
    if (operator) {
      const still = this.entries().find((e) => e.operator.id === operator.id)?.operator;
      if (!still) {
        this.signOut('signedOut');
        return;
      }
      this.operator = still;
      this.armIdle();
    }
    this.tell();
  }

  stop(): void {
    this.clearIdle();
    this.stopPresence?.();
  }

  private signIn(operator: Operator, method: 'card' | 'deskPin' | 'firstOperator', reader: string | undefined): void {
    // One card swap switches operator: whoever was signed in is signed out first, so the log says both.
    if (this.operator && this.operator.id !== operator.id) this.signOut('signedOut');
    this.operator = operator;
    this.since = this.now();
    this.cardReader = reader;
    this.options.record?.({ kind: 'operator.signedIn', method, outcome: 'done' });
    this.armIdle();
    this.tell();
  }

  private cardRemoved(reader: string): void {
    if (!this.operator || !this.policy().cardStaysInReader) return;
    // Signed in with the desk PIN (no card), or the card was in another reader: nothing to follow.
    if (this.cardReader === undefined || (this.cardReader !== ANY_READER && this.cardReader !== reader)) return;
    this.signOut('cardRemoved');
  }

  private armIdle(): void {
    this.clearIdle();
    const minutes = this.policy().idleLockMinutes;
    if (minutes === null) return;
    this.idleTimer = setTimeout(() => this.signOut('idle'), minutes * (this.options.minuteMs ?? 60_000));
    this.idleTimer.unref?.();
  }

  private clearIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
  }

  private entries() {
    return this.options.roster?.entries() ?? [];
  }

  private tell(): void {
    this.options.changed(this.state());
  }
}
