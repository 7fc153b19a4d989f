import type { CallName } from '../../../shared/contract';
import { gateRefusal } from '../../../shared/contract/call-gates';
import type { OperatorSession } from '../../../shared/contract/operators';
import { DeskError } from '../../../shared/errors';
import { LOCK_REASON_WORDS } from '../../../shared/words/enum-words';
import type { RendererDesk } from '../lib/desk';

/** How often at most the desk is told the operator is there: main's idle lock counts from the last one. */
export const ACTIVE_PING_MS = 10_000;

/** Who is signed in, as main says (the `operator.session` event and call); the renderer decides nothing. */
class OperatorStore {
  #session = $state<OperatorSession | undefined>();
  /** Counts cards put into a reader while the desk is locked: each one opens the sign-in dialog. */
  #cardsWhileLocked = $state(0);
  /** Counts the times a control that needs someone signed in offered to sign in: each opens the sign-in dialog. */
  #signInAsked = $state(0);

  get signInAsked(): number {
    return this.#signInAsked;
  }

  /** From a control that is off until someone signs in: the dialog opens over the screen, which keeps what was typed. */
  askToSignIn(): void {
    this.#signInAsked++;
  }

  /**
   * Why `call` would be refused now, in the words main refuses with, or undefined when it is allowed:
   * the same gate table main enforces (shared/contract/call-gates.ts), so a control is off before work is typed.
   */
  refusal(call: CallName): string | undefined {
    return gateRefusal(call, this.#session);
  }

  get cardsWhileLocked(): number {
    return this.#cardsWhileLocked;
  }

  get session(): OperatorSession | undefined {
    return this.#session;
  }
  /** Nobody signed in while the roster has someone: the board is read-only, every acting control is off. */
  get locked(): boolean {
    const s = this.#session;
    return s !== undefined && !s.rosterEmpty && s.operator === undefined;
  }
  get name(): string | undefined {
    return this.#session?.operator?.name;
  }
  get supervisor(): boolean {
    const s = this.#session;
    return s !== undefined && (s.rosterEmpty || s.operator?.role === 'supervisor');
  }

  reported(session: OperatorSession): void {
    this.#session = session;
  }

  /** A card went into a reader. Only a locked desk asks for its PIN: a card put in to enrol someone is not a sign-in. */
  cardInserted(): void {
    if (this.locked) this.#cardsWhileLocked++;
  }
}

export const operator = new OperatorStore();

/**
 * Feeds the store (the session at each link opening, then its events) and tells main the operator is
 * there on a key or pointer, at most every ACTIVE_PING_MS, while someone is signed in.
 */
export function syncOperator(desk: RendererDesk, report: (message: string) => void, target: EventTarget = window): () => void {
  let lastPing = 0;
  const touched = () => {
    if (!operator.session?.operator || Date.now() - lastPing < ACTIVE_PING_MS) return;
    lastPing = Date.now();
    desk.call('operator.active', {}).catch(() => undefined);
  };
  const load = () =>
    desk.call('operator.session', {}).then(
      (session) => operator.reported(session),
      (err: unknown) => report(`Could not read who is signed in: ${err instanceof DeskError ? err.message : String(err)}`),
    );
  target.addEventListener('keydown', touched, { capture: true });
  target.addEventListener('pointerdown', touched, { capture: true });
  let withCard: readonly string[] = [];
  const stops = [
    desk.on('operator.session', (session) => operator.reported(session)),
    desk.on('enrolment.readers', (list) => {
      const now = list.readers.filter((r) => r.cardPresent).map((r) => r.name);
      if (now.some((name) => !withCard.includes(name))) operator.cardInserted();
      withCard = now;
    }),
    desk.onLink((link) => {
      if (link.phase === 'open') void load();
    }),
  ];
  return () => {
    stops.forEach((stop) => stop());
    target.removeEventListener('keydown', touched, { capture: true });
    target.removeEventListener('pointerdown', touched, { capture: true });
  };
}

/** Why the desk is locked, in a guard's words (shared/words/enum-words.ts). */
export function lockWords(session: OperatorSession | undefined): string {
  return LOCK_REASON_WORDS[session?.locked ?? 'started'];
}
