import type { OverdueVisitors, receptionCalls } from '../../../shared/contract/reception';
import type { CardInReader, visitorCardCalls } from '../../../shared/contract/visitor-cards';
import type { ContractEvents } from '../events';
import { receptionHandlers } from '../handlers/reception-handlers';
import type { HandlerTable } from '../handlers/handler-table';
import type { DeskRecords } from '../offline/desk-records';
import type { SiteSession } from '../site-session';
import type { SettingsStore } from '../vault/settings/settings-store';
import { OverdueWatch } from './overdue-watch';
import { ReceptionChoice } from './reception-choice';
import { ReceptionService } from './reception-service';
import { RollCallService } from './roll-call';
import { RollCallStore } from './roll-call-store';
import { VisitorCardService } from './visitor-cards';

export interface DeskReceptionParts {
  /** The open site's session; throws (offline) when there is none. */
  session: () => SiteSession;
  /** The open site's session, or undefined. */
  openSession: () => SiteSession | undefined;
  /** The open site's key (the demo site is one site whatever its port); throws when none is open. */
  siteKey: () => string;
  /** Whether whoever is at the desk may see who is overdue (the lock: reading names needs someone signed in). */
  mayName: () => boolean;
  events: ContractEvents;
  settings: SettingsStore;
  records?: DeskRecords | undefined;
  /** The card in the desk's reader as its card number (electron/core/piv/card-number-in-reader.ts). */
  cardInReader: () => Promise<CardInReader>;
}

/**
 * The desk's reception, roll call, card check and visitors' cards: their handlers, the chosen reception per site, the
 * kept roll call, and the overdue-visitor watch that feeds the attention strip (`reception.overdue`).
 */
export function deskReception(parts: DeskReceptionParts): { handlers: HandlerTable<keyof typeof receptionCalls | keyof typeof visitorCardCalls>; siteOpened(): void; siteClosed(): void; stop(): void } {
  const choices = new ReceptionChoice(parts.settings);
  const chosen = () => {
    try {
      return choices.get(parts.siteKey());
    } catch {
      return undefined;
    }
  };
  const shown = (all: OverdueVisitors) => overdueShown(all, parts.mayName());
  const watch = new OverdueWatch({ session: parts.openSession, chosen, publish: (all) => parts.events.emit('reception.overdue', shown(all)) });
  // A site that answers again (or for the first time) is read at once, not a period later.
  parts.events.on('connection', (state) => {
    if (state.phase === 'connected') void watch.refresh();
  });
  // Signing in or out changes what the strip may name.
  parts.events.on('operator.session', () => parts.events.emit('reception.overdue', shown(watch.latest())));
  const audit = parts.records?.audit;
  const records = parts.records;
  const kept = records?.sealer ? { store: new RollCallStore(records.store, records.sealer), site: parts.siteKey } : undefined;
  const refresh = () => void watch.refresh();
  const handlers = receptionHandlers({
    reception: new ReceptionService({ session: parts.session, audit, changed: refresh }),
    rollCall: new RollCallService({ session: parts.session, audit, kept }),
    visitorCards: new VisitorCardService({ session: parts.session, audit, cardInReader: parts.cardInReader }),
    session: parts.session,
    chosen,
    choose: (href) => {
      choices.set(parts.siteKey(), href);
      refresh();
    },
    overdue: () => shown(watch.latest()),
  });
  return {
    handlers,
    siteOpened: () => watch.start(),
    siteClosed: () => watch.clear(),
    stop: () => watch.stop(),
  };
}

/** What the strip may show: while the desk is locked (nobody signed in where a roster is kept), only how many. */
export function overdueShown(all: OverdueVisitors, mayName: boolean): OverdueVisitors {
  return mayName ? all : { ...all, visitors: [], withheld: all.visitors.length + all.withheld };
}
