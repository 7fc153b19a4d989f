import type { operatorCalls } from '../../../shared/contract/operators';
import type { RosterChanges } from '../operators/roster-changes';
import type { OperatorSession } from '../operators/operator-session';
import type { HandlerTable } from './handler-table';

type OperatorCallName = Exclude<keyof typeof operatorCalls, `overrides.${string}` | `shift.${string}`>;

/** Signing in and out, the lock's idle ping, and the roster (who may call which is decided by call-gates.ts). */
export function operatorHandlers(session: OperatorSession, roster: RosterChanges): HandlerTable<OperatorCallName> {
  return {
    'operator.session': async () => session.state(),
    'operator.signInWithCard': async ({ reader, pin }) => session.signInWithCard(reader === undefined ? { pin } : { reader, pin }),
    'operator.signInWithPin': async ({ operatorId, pin }) => session.signInWithPin(operatorId, pin),
    'operator.signOut': async () => session.signOut('signedOut'),
    'operator.active': async () => {
      session.active();
      return {};
    },
    'operators.names': async () => roster.names(),
    'operators.list': async () => roster.list(),
    'operators.add': async (request) => roster.add(request),
    'operators.remove': async ({ id }) => roster.remove(id),
    'operators.cardInReader': ({ cardholderHref, reader }) => roster.cardInReader(cardholderHref, reader),
    'operators.linkCard': async ({ id, reader }) => roster.linkCard(id, reader),
    'operators.setPolicy': async (policy) => {
      roster.setPolicy(policy);
      return session.state();
    },
    'operators.liftPinLock': async ({ id }) => roster.liftPinLock(id),
    'operator.refusalsSeen': async () => session.refusalsSeen(),
  };
}
