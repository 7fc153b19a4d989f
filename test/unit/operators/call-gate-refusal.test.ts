import { describe, expect, it } from 'vitest';
import { callGates, gateRefusal, SIGN_IN_TO_ACT, SUPERVISOR_TO_ACT } from '../../../shared/contract/call-gates';
import type { CallName } from '../../../shared/contract';
import type { OperatorSession } from '../../../shared/contract/operators';

const policy = { idleLockMinutes: null, cardStaysInReader: false, cardRemovedGraceSeconds: 5, deskPinFallback: false };
const locked: OperatorSession = { rosterEmpty: false, locked: 'idle', policy };
const guard: OperatorSession = { rosterEmpty: false, policy, operator: { id: '1', name: 'Ada', cardholderId: '101', role: 'operator' } };
const supervisor: OperatorSession = { ...guard, operator: { ...guard.operator!, role: 'supervisor' } };
const firstRun: OperatorSession = { rosterEmpty: true, policy };

/** The renderer reads the table main enforces: the same call is off on screen exactly when main refuses it. */
describe('gateRefusal', () => {
  const names = Object.keys(callGates) as CallName[];

  it('refuses every acting call while the desk is locked, with the words main refuses with', () => {
    for (const name of names) {
      expect([name, gateRefusal(name, locked)]).toEqual([name, callGates[name] === 'open' ? undefined : SIGN_IN_TO_ACT]);
    }
  });

  it('allows an operator all but the supervisor’s calls, and a supervisor everything', () => {
    for (const name of names) {
      expect([name, gateRefusal(name, guard)]).toEqual([name, callGates[name] === 'supervisor' ? SUPERVISOR_TO_ACT : undefined]);
      expect([name, gateRefusal(name, supervisor)]).toEqual([name, undefined]);
    }
  });

  it('refuses nothing while the roster is empty or the session is not yet known', () => {
    expect(names.filter((n) => gateRefusal(n, firstRun) !== undefined || gateRefusal(n, undefined) !== undefined)).toEqual([]);
  });

  it('marks the calls the guard reported as refused only after typing', () => {
    for (const name of ['alarms.act', 'enrolment.readCard', 'enrolment.enrol', 'settings.probeServer', 'item.command'] as const) {
      expect(gateRefusal(name, locked)).toBe(SIGN_IN_TO_ACT);
    }
  });
});
