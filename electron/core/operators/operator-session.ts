import type { CallName } from '../../../shared/contract';
import type { AuditAction } from '../../../shared/contract/audit';
import type { LockReason, Operator, OperatorSession as SessionState, SignInPolicy } from '../../../shared/contract/operators';
import { DeskError } from '../../../shared/errors';
import { callGates } from './call-gates';
import type { CardAuthenticator, CardPresence } from './card-authenticator';
import { RefusalWatch } from './refusal-watch';
import type { RosterStore } from './roster-store';
import { SignInAttempts } from './sign-in-attempts';

const ANY_READER = '*';

export interface OperatorSessionOptions {
  /** The roster in the local store; absent on a desk built without one (it then stays open, as before operators). */
  roster?: RosterStore;
  /** The kiosk profile turns the desk-PIN fallback off by default. */
  profile: 'kiosk' | 'desk';
  cards?: CardAuthenticator;
  presence?: CardPresence;
  record?: (action: AuditAction) => void;
  /** When each refused sign-in since `from` happened: the audit log's own entries (the desk's notice of repeated refusals). */
  refusedSince?: (from: number) => number[];
  /** Told of every change of who is signed in, the lock or the policy (the `operator.session` event). */
  changed: (session: SessionState) => void;
  now?: () => number;
  /** How long a policy minute lasts: 60 s, shorter only in tests that watch the idle lock happen. */
  minuteMs?: number;
}

/**
 * Who is signed in at this desk, and the lock. With an empty roster nobody is needed and nothing is
 * refused (the desk works as it did before operators); once the roster has anyone, nobody signed in
 * means locked, and `gate` refuses every call that acts. Signing in is the operator's own card (proven
 * by its certificate and matched to the roster by the id that certificate carries) or, where the
 * policy allows, a desk PIN; sign-in-attempts.ts checks both and audits every refusal. The desk locks
 * itself after the policy's idle minutes and, if the card stays in the reader, when it is taken out and
 * not put back within the grace.
 */
export class OperatorSession {
  private operator: Operator | undefined;
  private since: number | undefined;
  private lockReason: LockReason = 'started';
  /** The card the signed-in operator signed in with, and the reader it is in (card sign-in only). */
  private card: { id: string; reader: string } | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private removedTimer: ReturnType<typeof setTimeout> | undefined;
  private handoverPending: string | undefined;
  private readonly now: () => number;
  private readonly stopPresence: (() => void)[];
  private readonly attempts: SignInAttempts;
  private readonly refusals: RefusalWatch | undefined;

  constructor(private readonly options: OperatorSessionOptions) {
    this.now = options.now ?? Date.now;
    const presence = options.presence;
    this.stopPresence = presence ? [presence.onRemoved((reader) => this.cardRemoved(reader)), presence.onInserted((reader) => void this.cardBack(reader))] : [];
    this.attempts = new SignInAttempts({
      roster: options.roster,
      cards: options.cards,
      presence,
      record: options.record ? (action) => (options.record?.(action), this.tell()) : undefined,
      now: this.now,
    });
    this.refusals = options.roster && options.refusedSince ? new RefusalWatch(options.roster, options.refusedSince, this.now) : undefined;
  }

  get roster(): RosterStore | undefined {
    return this.options.roster;
  }

  /** A new installation's policy: a guard desk locks when the operator's card leaves the reader, after a short grace. */
  defaultPolicy(): SignInPolicy {
    return { idleLockMinutes: 15, cardStaysInReader: true, cardRemovedGraceSeconds: 5, deskPinFallback: this.options.profile !== 'kiosk' };
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
      ...this.attention(),
    };
  }

  /** What the desk shows of refused sign-ins and wrong desk PINs, where there is anything to show. */
  private attention(): Pick<SessionState, 'refusals' | 'deskPinLock'> {
    const refusals = this.refusals?.shown();
    const deskPinLock = this.attempts.deskPins?.deskLock();
    return { ...(refusals ? { refusals } : {}), ...(deskPinLock && deskPinLock.count > 0 ? { deskPinLock } : {}) };
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

  /** Whether `gate(name)` would let the call through now. */
  allows(name: CallName): boolean {
    try {
      this.gate(name);
      return true;
    } catch {
      return false;
    }
  }

  async signInWithCard(request: { reader?: string; pin: string }): Promise<SessionState> {
    if (this.rosterEmpty()) throw new DeskError('invalid-call', 'Nobody is on this desk’s roster yet: add the first operator in Settings');
    const proven = await this.attempts.card(request, () => this.entries());
    // Where the reader is not known (the only card present), any card taken out locks.
    this.signIn(proven.operator, 'card', { id: proven.cardId, reader: proven.reader ?? ANY_READER });
    return this.state();
  }

  async signInWithPin(operatorId: string, pin: string): Promise<SessionState> {
    if (!this.policy().deskPinFallback) throw new DeskError('invalid-call', 'Signing in with a desk PIN is turned off at this desk: sign in with your card');
    const operator = await this.attempts.deskPin(this.entries().find((e) => e.operator.id === operatorId), pin);
    this.signIn(operator, 'deskPin', undefined);
    return this.state();
  }

  /** Wrong desk PINs held against one operator, or (undefined) the whole desk. */
  deskPinLockOf(operatorId: string): ReturnType<NonNullable<SignInAttempts['deskPins']>['lockOf']> | undefined {
    return this.attempts.deskPins?.lockOf(operatorId);
  }

  /** A supervisor lifts an operator's desk-PIN lock, or the desk's ('desk'); the caller audits it. */
  liftDeskPinLock(operatorId: string | 'desk'): void {
    this.attempts.deskPins?.lift(operatorId);
    this.tell();
  }

  /** The signed-in operator has seen the refused sign-ins the desk showed. */
  refusalsSeen(): SessionState {
    this.refusals?.seen();
    this.tell();
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
    this.card = undefined;
    this.lockReason = reason;
    this.clearIdle();
    this.clearRemoved();
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
    this.clearRemoved();
    for (const stop of this.stopPresence) stop();
  }

  private signIn(operator: Operator, method: 'card' | 'deskPin' | 'firstOperator', card: { id: string; reader: string } | undefined): void {
    // One card swap switches operator: whoever was signed in is signed out first, so the log says both.
    if (this.operator && this.operator.id !== operator.id) this.signOut('signedOut');
    this.operator = operator;
    this.since = this.now();
    this.card = card;
    this.clearRemoved();
    this.options.record?.({ kind: 'operator.signedIn', method, outcome: 'done' });
    this.armIdle();
    this.tell();
  }

  /** The operator's card left a reader: where it stays in the reader, the desk locks after the grace. */
  private cardRemoved(reader: string): void {
    if (!this.operator || !this.policy().cardStaysInReader) return;
    // Signed in with the desk PIN (no card), or the card was in another reader: nothing to follow.
    if (this.card === undefined || (this.card.reader !== ANY_READER && this.card.reader !== reader)) return;
    const graceMs = this.policy().cardRemovedGraceSeconds * 1000;
    if (graceMs === 0) {
      this.signOut('cardRemoved');
      return;
    }
    this.clearRemoved();
    this.removedTimer = setTimeout(() => this.signOut('cardRemoved'), graceMs);
    this.removedTimer.unref?.();
  }

  /**
   * A card went into a reader while the lock waits out the grace: only the same card (as its
   * certificate names it, read without the PIN) keeps the operator signed in; any other locks now.
   */
  private async cardBack(reader: string): Promise<void> {
    const card = this.card;
    if (!this.removedTimer || !card || (card.reader !== ANY_READER && card.reader !== reader)) return;
    let sameCard = false;
    try {
      sameCard = (await this.options.cards?.identify({ reader }))?.cardId === card.id;
    } catch {
      // A card that cannot be named is not the operator's.
    }
    if (!this.removedTimer || this.card !== card) return;
    if (sameCard) this.clearRemoved();
    else this.signOut('cardRemoved');
  }

  private clearRemoved(): void {
    if (this.removedTimer) clearTimeout(this.removedTimer);
    this.removedTimer = undefined;
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
