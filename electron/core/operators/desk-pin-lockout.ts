import type { DeskPinLock } from '../../../shared/contract/operators';
import { waitWords } from './card-pin-guard';
import { DESK_PIN_SUBJECT, type PinFailures } from './pin-failures';

/**
 * How many desk PINs may be guessed, and by whom. Counts are per operator and for the whole desk, in
 * the local store: a restart forgets nothing, and one operator's correct PIN clears only their own
 * count (so guessing a supervisor's PIN between one's own sign-ins gains nothing). An operator's count
 * grows a wait and then a lock; the desk's count catches guesses spread over many operators. Only a
 * supervisor lifts a lock (audited), and each lift is one more entry in the audit log.
 */

/** The wait before the next try after n wrong PINs (index n); at OPERATOR_LOCK_AT the operator's desk PIN locks. */
const WAITS_MS = [0, 0, 0, 60_000, 5 * 60_000];
export const OPERATOR_LOCK_AT = 5;
/** Wrong desk PINs at this desk, any operators, within a day, that lock desk-PIN sign-in for everyone. */
export const DESK_LOCK_AT = 10;
const DESK_WINDOW_MS = 24 * 3_600_000;

export type DeskPinVerdict = { allowed: true } | { allowed: false; message: string };

export class DeskPinLockout {
  constructor(
    private readonly failures: PinFailures,
    private readonly now: () => number,
  ) {}

  /** Whether `operator` may try a desk PIN now, and if not, why in words. */
  check(operator: { id: string; name: string }): DeskPinVerdict {
    if (this.deskLock().locked) {
      return { allowed: false, message: `Desk-PIN sign-in is locked at this desk after ${DESK_LOCK_AT} wrong PINs in a day: a supervisor can lift it in Settings → Operators` };
    }
    const lock = this.lockOf(operator.id);
    if (lock.locked) {
      return { allowed: false, message: `Desk-PIN sign-in is locked for ${operator.name} after ${OPERATOR_LOCK_AT} wrong PINs: a supervisor can lift it in Settings → Operators` };
    }
    if (lock.until !== undefined) return { allowed: false, message: `Too many wrong desk PINs for ${operator.name}: try again in ${waitWords(lock.until - this.now())}` };
    return { allowed: true };
  }

  /** A wrong PIN for `operator`: counted, and what happens next in words. */
  wrong(operator: { id: string; name: string }): string {
    this.failures.record(DESK_PIN_SUBJECT + operator.id);
    if (this.deskLock().locked) return `The desk PIN is not right. Desk-PIN sign-in is now locked at this desk until a supervisor lifts it`;
    const lock = this.lockOf(operator.id);
    if (lock.locked) return `The desk PIN is not right. Desk-PIN sign-in is now locked for ${operator.name} until a supervisor lifts it`;
    if (lock.until !== undefined) return `The desk PIN is not right. The next try waits ${waitWords(lock.until - this.now())}`;
    const beforeWait = WAITS_MS.findIndex((ms, n) => n > lock.count && ms > 0) - lock.count;
    return `The desk PIN is not right (${beforeWait} ${beforeWait === 1 ? 'try' : 'tries'} left before a wait)`;
  }

  /** `operator`'s correct PIN: their own count starts again; the desk's does not. */
  right(operatorId: string): void {
    this.failures.clear(DESK_PIN_SUBJECT + operatorId);
  }

  lockOf(operatorId: string): DeskPinLock {
    const { count, last } = this.failures.of(DESK_PIN_SUBJECT + operatorId);
    if (count >= OPERATOR_LOCK_AT) return { count, locked: true };
    const until = last + (WAITS_MS[count] ?? 0);
    return { count, locked: false, ...(until > this.now() ? { until } : {}) };
  }

  deskLock(): DeskPinLock {
    const { count } = this.failures.across(DESK_PIN_SUBJECT, DESK_WINDOW_MS);
    return { count, locked: count >= DESK_LOCK_AT };
  }

  /** A supervisor lifts one operator's lock (their count starts again), or the whole desk's. */
  lift(operatorId: string | 'desk'): number {
    return this.failures.lift(operatorId === 'desk' ? DESK_PIN_SUBJECT : DESK_PIN_SUBJECT + operatorId);
  }
}
