import type { ItemKind, ItemStatus } from '../../../../shared/domain';
import { DeskError } from '../../../../shared/errors';
import { kindNoun } from '../../lib/board/kind-words';
import type { Expectation } from './expected-result';

/**
 * What became of the last command sent from a panel. The POST's answer says only that the server took
 * it; the item's status says whether it happened, so an accepted or unanswered command stays watched
 * until the status shows its effect.
 */
export type Outcome =
  | { phase: 'sending'; label: string }
  | {
      phase: 'accepted' | 'unanswered';
      label: string;
      command: string;
      expect?: Expectation;
      /** When the command was sent: an unanswered one is done only on a status received after it. */
      sentAt: number;
      reachedAt?: number;
      why?: string;
      /** The server answered in a form the desk could not read (not silence): said so instead of "no answer". */
      unreadable?: boolean;
    }
  | { phase: 'refused' | 'not-sent'; label: string; reason: string };

/** The outcome once the desk answered: accepted, refused with the server's reason, or no answer. */
export function settle(label: string, command: string, expect: Expectation | undefined, sentAt: number, err?: unknown): Outcome {
  if (err === undefined) return { phase: 'accepted', label, command, expect, sentAt };
  if (err instanceof DeskError && (err.code === 'timeout' || err.code === 'network' || err.code === 'uncertain')) {
    // The request may have reached the server: it can still happen. Never re-sent; watched instead.
    return { phase: 'unanswered', label, command, expect, sentAt, why: err.message, ...(err.code === 'uncertain' ? { unreadable: true } : {}) };
  }
  const reason = err instanceof Error ? err.message : String(err);
  if (err instanceof DeskError && (err.code === 'offline' || err.code === 'invalid-call')) return { phase: 'not-sent', label, reason };
  return { phase: 'refused', label, reason };
}

/**
 * Notes the moment the item's status first shows the command's effect (kept once seen). Without the
 * server's answer only a status received after sending counts: one from before proves nothing.
 */
export function follow(outcome: Outcome, status: ItemStatus | undefined): Outcome {
  if (outcome.phase !== 'accepted' && outcome.phase !== 'unanswered') return outcome;
  if (outcome.reachedAt !== undefined || !outcome.expect || !status) return outcome;
  if (outcome.phase === 'unanswered' && status.receivedAt < outcome.sentAt) return outcome;
  return outcome.expect(status) ? { ...outcome, reachedAt: status.receivedAt } : outcome;
}

export interface LineContext {
  kind: ItemKind;
  status: ItemStatus | undefined;
  /** The status in words, as the panel shows it. */
  words: string;
  clock: (ms: number) => string;
  /** The desk's deadline for an answer, in seconds, for the "no answer" line. */
  deadlineSeconds: number;
}

/** The outcome line in words; it changes as the item reports (sent → reported open → back to normal). */
export function outcomeLine(outcome: Outcome | undefined, ctx: LineContext): string {
  if (!outcome) return '';
  const noun = kindNoun(ctx.kind);
  switch (outcome.phase) {
    case 'sending':
      return `Sending ${outcome.label}…`;
    case 'refused':
      return `Refused: ${outcome.reason}`;
    case 'not-sent':
      return `Not sent: ${outcome.reason}`;
    case 'accepted':
    case 'unanswered': {
      if (!outcome.expect) {
        if (outcome.phase === 'unanswered') return `${noAnswer(outcome, ctx.deadlineSeconds)}: ${mayStill(outcome, noun)}. It was not sent again.`;
        return ctx.kind === 'macro' ? 'Done — the server accepted it; the macro runs on the server' : `Done — the server accepted ${outcome.label}`;
      }
      if (outcome.reachedAt === undefined) {
        if (outcome.phase === 'unanswered') return `${noAnswer(outcome, ctx.deadlineSeconds)}: ${mayStill(outcome, noun)} — watching it`;
        return `Sent — waiting for the ${noun} to report`;
      }
      const late = outcome.phase !== 'unanswered' ? '' : outcome.unreadable ? " (the server's answer could not be read)" : ' (late: the server had not answered)';
      const still = ctx.status !== undefined && outcome.expect(ctx.status);
      if (still) return `Done${late} — the ${noun} reports ${ctx.words}`;
      return `Done${late} — the ${noun} reported it at ${ctx.clock(outcome.reachedAt)}; now ${ctx.words}`;
    }
  }
}

function noAnswer(outcome: { unreadable?: boolean }, deadlineSeconds: number): string {
  return outcome.unreadable ? "The server's answer could not be read" : `No answer within ${deadlineSeconds} s`;
}

function mayStill(outcome: { label: string; command: string }, noun: string): string {
  if (noun === 'door' && outcome.command === 'open') return 'the door may still open';
  return `${outcome.label} may still happen to the ${noun}`;
}
