import type { CallName } from './index';
import type { alarmCalls } from './alarms';
import type { receptionCalls } from './reception';
import type { visitorCardCalls } from './visitor-cards';
import type { OperatorSession } from './operators';

/**
 * What each call of the contract needs from the operator session, in one table the compiler checks:
 * a call added to the contract without a line here does not compile.
 * - `open`: anyone at the desk, signed in or not (looking at the board, choosing a view, signing in).
 * - `signedIn`: it acts (a door, an alarm, a card, a setting) or shows what names people (the audit log,
 *   cardholder search): refused while the desk is locked.
 * - `supervisor`: changes who may act (the roster, the sign-in policy): a supervisor must be signed in.
 * While the roster is empty nobody is refused anything (the desk works as it did before operators).
 *
 * Main enforces it (electron/core/operators/call-gates.ts, checked in `Desk.handle`); the renderer reads
 * the same table to show a control off, with the reason, before anyone types into it.
 */
export type CallGate = 'open' | 'signedIn' | 'supervisor';

/** The server's alarms and event journal (shared/contract/alarms.ts): only acting on an alarm needs an operator. */
const alarmGates: { [K in keyof typeof alarmCalls]: CallGate } = {
  'alarms.get': 'open',
  'alarms.detail': 'open',
  'alarms.act': 'signedIn',
  'events.list': 'open',
  'events.groups': 'open',
  'events.exportCsv': 'open',
};

/** Reception and roll call (shared/contract/reception.ts): reading names people, acting changes the server. */
const receptionGates: { [K in keyof typeof receptionCalls]: CallGate } = {
  'reception.list': 'open',
  'reception.choose': 'signedIn',
  'reception.overdue': 'open',
  'reception.photo': 'signedIn',
  'cardCheck.byNumber': 'signedIn',
  'reception.today': 'signedIn',
  'reception.visitorTypes': 'signedIn',
  'reception.setVisitorState': 'signedIn',
  'reception.notifyHost': 'signedIn',
  'reception.walkIn': 'signedIn',
  'rollCall.get': 'signedIn',
  'rollCall.musterZones': 'signedIn',
  'rollCall.markSafe': 'signedIn',
};

/** Visitors' cards and the card in the reader (shared/contract/visitor-cards.ts): each names or changes a person's card. */
const visitorCardGates: { [K in keyof typeof visitorCardCalls]: CallGate } = {
  'reception.cardTypes': 'signedIn',
  'reception.visitorCards': 'signedIn',
  'reception.issueCard': 'signedIn',
  'reception.collectCard': 'signedIn',
  'cardReader.number': 'signedIn',
  'cardCheck.inReader': 'signedIn',
};

export const callGates: { [K in CallName]: CallGate } = {
  // Spread: before the alarm calls are in the contract index these lines are simply unused.
  ...alarmGates,
  ...receptionGates,
  ...visitorCardGates,
  'board.get': 'open',
  'item.command': 'signedIn',
  'site.connect': 'signedIn',
  'settings.overview': 'open',
  'settings.setApiKey': 'signedIn',
  'settings.deleteApiKey': 'signedIn',
  'settings.importCertificate': 'signedIn',
  'settings.deleteCertificate': 'signedIn',
  'settings.setAuthForm': 'signedIn',
  'settings.chooseVaultMode': 'signedIn',
  'settings.probeServer': 'signedIn',
  'settings.confirmServer': 'signedIn',
  'settings.testConnection': 'signedIn',
  'enrolment.readers': 'open',
  'enrolment.readiness': 'open',
  'enrolment.readCard': 'signedIn',
  'enrolment.enrol': 'signedIn',
  'enrolment.outbox': 'open',
  'enrolment.resolve': 'signedIn',
  'enrolment.cards': 'open',
  'enrolment.cardsChanged': 'open',
  'enrolment.updateCard': 'signedIn',
  'enrolment.deleteCard': 'signedIn',
  // The demo reader's stand-in for putting a card in a reader, which anyone at the desk can do.
  'enrolment.demoCard': 'open',
  'site.dayCategories': 'open',
  'site.elevatorGroups': 'open',
  'divisions.list': 'open',
  'cardholders.search': 'signedIn',
  'kiosk.overview': 'open',
  'kiosk.setAutostart': 'signedIn',
  'kiosk.setExitPin': 'signedIn',
  // Leaving the kiosk is guarded by its own exit PIN, which a locked desk must still accept.
  'kiosk.exit': 'open',
  'audit.overview': 'open',
  'audit.list': 'signedIn',
  'audit.exportCsv': 'signedIn',
  'audit.setRetention': 'signedIn',
  // A view choice, not an action on a door.
  'layout.get': 'open',
  'layout.set': 'open',
  'attention.acknowledge': 'signedIn',
  'attention.acknowledgements': 'open',
  'plans.get': 'open',
  'plans.floors': 'open',
  'plans.imagePart': 'open',
  'plans.beginImport': 'signedIn',
  'plans.importPart': 'signedIn',
  'plans.finishImport': 'signedIn',
  'plans.cancelImport': 'signedIn',
  'plans.remove': 'signedIn',
  'plans.placePin': 'signedIn',
  'plans.removePin': 'signedIn',
  'plans.beginExport': 'signedIn',
  'plans.exportPart': 'signedIn',
  'plans.beginRestore': 'signedIn',
  'plans.finishRestore': 'signedIn',
  // The installer's trust for card sign-in decides who can sign in at all: a supervisor's to change.
  'signInTrust.get': 'open',
  'signInTrust.addAnchor': 'supervisor',
  'signInTrust.removeAnchor': 'supervisor',
  'signInTrust.revoke': 'supervisor',
  'signInTrust.unrevoke': 'supervisor',
  'operator.session': 'open',
  'operator.signInWithCard': 'open',
  'operator.signInWithPin': 'open',
  'operator.signOut': 'open',
  'operator.active': 'open',
  'operators.names': 'open',
  'operators.list': 'signedIn',
  'operators.add': 'supervisor',
  'operators.remove': 'supervisor',
  'operators.cardInReader': 'supervisor',
  'operators.linkCard': 'supervisor',
  'operators.setPolicy': 'supervisor',
  'operators.liftPinLock': 'supervisor',
  'operator.refusalsSeen': 'signedIn',
  'overrides.active': 'open',
  'overrides.cancel': 'signedIn',
  'shift.report': 'signedIn',
  'shift.end': 'signedIn',
  'shift.pending': 'open',
  // The next operator acknowledges the handover as they sign in.
  'shift.acknowledge': 'signedIn',
  'shift.exportCsv': 'signedIn',
  // The demo site's own alarms: a training site's pace, no door of a real site; a newcomer quiets it before anyone signs in.
  'demo.alarms': 'open',
  'demo.setAlarms': 'open',
};

/** What the guard is told when a call is refused for who is (not) signed in; the same words main refuses with. */
export const SIGN_IN_TO_ACT = 'Sign in to do this';
export const SUPERVISOR_TO_ACT = 'Only a supervisor can change the roster or the sign-in policy: ask a supervisor to sign in';

/**
 * Why `name` would be refused for this session now, in a guard's words, or undefined when it is allowed.
 * An unknown session (not yet read) allows: main still refuses, and a control that is off for no reason
 * the guard can see is worse than a refusal that says why.
 */
export function gateRefusal(name: CallName, session: OperatorSession | undefined): string | undefined {
  const gate = callGates[name];
  if (gate === 'open' || session === undefined || session.rosterEmpty) return undefined;
  if (!session.operator) return SIGN_IN_TO_ACT;
  if (gate === 'supervisor' && session.operator.role !== 'supervisor') return SUPERVISOR_TO_ACT;
  return undefined;
}
