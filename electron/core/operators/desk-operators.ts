import type { AuditAction } from '../../../shared/contract/audit';
import type { ContractEvents } from '../events';
import type { EnrolmentService } from '../enrolment/enrolment-service';
import type { DeskRecords } from '../offline/desk-records';
import type { SignInTrustStore } from '../sign-in-trust/sign-in-trust-store';
import type { SiteSession } from '../site-session';
import type { CardAuthenticator, CardPresence } from './card-authenticator';
import { serverCardHolder, type CardHolders } from './card-elsewhere';
import { CardholderNames } from './cardholder-names';
import { OperatorSession } from './operator-session';
import { pivCardAuthenticator } from './piv-card-authenticator';
import { readerListPresence } from './reader-presence';
import { RosterChanges } from './roster-changes';
import { RosterStore } from './roster-store';

export interface OperatorOptions {
  profile: 'kiosk' | 'desk';
  cards?: CardAuthenticator;
  presence?: CardPresence;
  /** How long a policy minute lasts (60 s; shorter only where a test watches the idle lock). */
  minuteMs?: number;
}

/**
 * Who is at the desk, as the desk builds it: the session (roster in the local store, card sign-in
 * through the desk's own readers checked against the installer's trust, the card's removal from the
 * readers' list), every audit entry attributed to the operator, and the roster's changes.
 */
export function deskOperators(parts: {
  options: OperatorOptions | undefined;
  records: DeskRecords | undefined;
  events: ContractEvents;
  enrolment: EnrolmentService | undefined;
  trust: SignInTrustStore;
  /** The open site's session: whose a card is on the server, asked before a card is linked. */
  site?: () => SiteSession | undefined;
}): { session: OperatorSession; roster: RosterChanges; names: CardholderNames } {
  const { options, records, events, enrolment, trust, site } = parts;
  // A test may give its own card sign-in.
  const cards = options?.cards ?? (enrolment ? pivCardAuthenticator(enrolment.cardAccess(), () => trust.inputs()) : undefined);
  const record = records ? (action: AuditAction) => void records.audit.record(action) : undefined;
  const session = new OperatorSession({
    ...(records ? { roster: new RosterStore(records.store) } : {}),
    profile: options?.profile ?? 'desk',
    ...(cards ? { cards } : {}),
    // The readers' own list says when a card comes out (the demo reader and PC/SC alike).
    presence: options?.presence ?? readerListPresence((listener) => events.on('enrolment.readers', listener)),
    ...(options?.minuteMs ? { minuteMs: options.minuteMs } : {}),
    ...(record ? { record } : {}),
    ...(records
      ? { refusedSince: (from: number) => records.audit.timesOf('operator.signedIn', 'refused', from) }
      : {}),
    changed: (state) => events.emit('operator.session', state),
  });
  records?.audit.attributeTo(() => session.current()?.name);
  // Who else holds a card before it is linked: every enrolment this desk keeps, and the server's cardholders.
  const holders: CardHolders = { enrolments: async () => (await enrolment?.outboxItems()) ?? [], ...(site ? { serverHolder: serverCardHolder(site) } : {}) };
  const roster = new RosterChanges(session, { ...(cards ? { cards } : {}), ...(record ? { record } : {}), holders });
  return { session, roster, names: new CardholderNames(() => roster.list()) };
}
