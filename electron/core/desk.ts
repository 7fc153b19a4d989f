import type { CallName, CallResult, CheckedParams, DeskService, EventName, EventPayload } from '../../shared/contract';
import { DeskError } from '../../shared/errors';
import { AlarmStore } from './alarms/alarm-store';
import { SiteAlarms } from './alarms/site-alarms';
import { AcknowledgementBook } from './board/acknowledgements';
import { LayoutStore, MemorySettingsStore } from './board/layout-store';
import { ContractEvents } from './events';
import { EnrolmentService } from './enrolment/enrolment-service';
import { divisionsOf } from './enrolment/divisions';
import { alarmHandlers } from './handlers/alarm-handlers';
import { demoHandlers } from './handlers/demo-handlers';
import { auditHandlers } from './handlers/audit-handlers';
import { boardHandlers } from './handlers/board-handlers';
import { enrolmentHandlers } from './handlers/enrolment-handlers';
import type { CallHandler, HandlerTable } from './handlers/handler-table';
import { referenceHandlers } from './handlers/reference-handlers';
import { directoryHandlers } from './handlers/directory-handlers';
import { deskReception } from './reception/desk-reception';
import { deskCardInReader } from './piv/card-number-in-reader';
import { kioskHandlers } from './handlers/kiosk-handlers';
import { layoutHandlers } from './handlers/layout-handlers';
import { planHandlers } from './handlers/plan-handlers';
import { operatorHandlers } from './handlers/operator-handlers';
import { overrideShiftHandlers, type ShiftService } from './handlers/override-shift-handlers';
import type { ActiveOverrides } from './overrides/active-overrides';
import { withRequestedBy } from './operators/requested-by';
import { deskActiveOverrides, deskShiftHandover, type DeskShiftParts } from './shift/desk-shift';
import { settingsHandlers } from './handlers/settings-handlers';
import { signInTrustHandlers } from './handlers/sign-in-trust-handlers';
import type { DeskRecords } from './offline/desk-records';
import type { OperatorSession } from './operators/operator-session';
import { deskOperators } from './operators/desk-operators';
import type { DeskOptions } from './desk-options';
import { PlanService } from './plans/plan-service';
import { checkSite } from './site-check/check-site';
import { SignInTrustStore } from './sign-in-trust/sign-in-trust-store';
import { SiteSession } from './site-session';
import { MemoryBookmarks, StoredBookmarks } from './server-events/bookmark-store';
import { JournalOwner } from './server-events/journal-owner';
import type { OpenedSite, SiteChoice } from './site-source';

export type { OperatorOptions } from './operators/desk-operators';
export type { DeskOptions } from './desk-options';
/**
 * The desk contract's implementation: one site session at a time, and a handler table with an entry
 * for every call. Both shells hold exactly one of these (built by electron/shells/compose) and only
 * forward to it.
 */
export class Desk implements DeskService {
  private readonly events = new ContractEvents();
  private site: { opened: OpenedSite; session: SiteSession; alarms: SiteAlarms } | undefined;
  private switching: Promise<void> = Promise.resolve();
  private readonly handlers: HandlerTable;
  /** The live event journal of the site shown now (events.appended). */
  private readonly journal: JournalOwner;
  private readonly enrolment: EnrolmentService | undefined;
  /** Division names from the division lists given out (keyed by href, so sites never mix). */
  private readonly listedDivisions = new Map<string, string>();
  private readonly alarmStore: AlarmStore | undefined;
  private readonly acknowledgements: AcknowledgementBook;
  private readonly reception: ReturnType<typeof deskReception>;

  /** The installer's trust for card sign-in: what `authenticateCard` checks a card against (`inputs()`). */
  readonly signInTrust: SignInTrustStore;
  /** Who is signed in, and the lock: every call passes its gate before its handler runs. */
  readonly operators: OperatorSession;
  /** Active overrides and shift handover, where the desk has them. */
  private readonly overrides: ActiveOverrides | undefined;
  private readonly shift: ShiftService | undefined;

  constructor(private readonly options: DeskOptions) {
    this.signInTrust = new SignInTrustStore({
      settings: options.settings ?? new MemorySettingsStore(),
      isDemo: () => this.site?.session.connection.demo ?? false,
      ...(options.demoCardAnchors ? { demoAnchors: options.demoCardAnchors } : {}),
    });
    const bookmarks = options.records ? new StoredBookmarks(options.records.store) : new MemoryBookmarks();
    this.journal = new JournalOwner(bookmarks, (events) => this.events.emit('events.appended', events));
    this.alarmStore = options.records && new AlarmStore(options.records.store);
    const kept = this.alarmStore;
    this.acknowledgements = new AcknowledgementBook(
      this.events,
      (list) => {
        kept?.keepAcknowledgements(list);
        this.events.emit('attention.acknowledged', list);
      },
      Date.now,
      kept?.acknowledgements(),
    );
    this.enrolment = options.enrolment
      ? new EnrolmentService(options.enrolment, {
          siteConfig: () => this.site?.opened.config,
          divisionName: (href) => this.listedDivisions.get(href) ?? this.boardDivisions().find((d) => d.href === href)?.name,
          emit: (name, payload) => this.events.emit(name, payload),
        })
      : undefined;
    const who = deskOperators({ options: options.operators, records: options.records, events: this.events, enrolment: this.enrolment, trust: this.signInTrust, site: () => this.site?.session });
    this.operators = who.session;
    const { roster, names } = who;
    this.events.on('connection', (state) => state.phase === 'connected' && this.enrolment?.connected());
    if (options.records) {
      const parts: DeskShiftParts = {
        operators: this.operators,
        records: options.records,
        events: this.events,
        site: {
          // The layout's site key: the demo site is one site whatever port it runs on after a restart.
          origin: () => (this.site ? this.siteKey() : undefined),
          lookup: () => this.site?.session.lookup(),
          item: (href) => this.item(href),
          send: (request) => this.session().command(withRequestedBy(request, this.operators.current()?.cardholderId, this.session().connection.serverVersion)),
        },
        board: () => this.site?.session.snapshot() ?? { items: [], statuses: [] },
        enrolment: this.enrolment,
        alarms: () => this.site?.alarms.queue(),
      };
      this.overrides = deskActiveOverrides(parts);
      this.shift = deskShiftHandover(parts, this.overrides);
    }
    const [session, openSession, siteKey, settings] = [() => this.session(), () => this.site?.session, () => this.siteKey(), options.settings ?? new MemorySettingsStore()];
    this.reception = deskReception({ session, openSession, siteKey, mayName: () => this.operators.allows('reception.today'), events: this.events, settings, records: options.records, cardInReader: () => deskCardInReader(this.enrolment, this.signInTrust) });
    this.handlers = {
      ...boardHandlers({
        session: () => this.session(),
        switchTo: (choice) => this.switchTo(choice),
        board: this.events.board,
        audit: options.records?.audit,
        operatorCardholder: () => this.operators.current()?.cardholderId,
        cardholderName: (id) => names.nameOf(id),
        accepted: (request) => this.overrides?.sent(request, this.item(request.href)),
      }),
      ...settingsHandlers(options.credentials, options.sites, options.records?.audit),
      ...auditHandlers(options.records?.audit),
      ...enrolmentHandlers(this.enrolment),
      ...referenceHandlers(() => this.session()),
      ...directoryHandlers({
        session: () => this.session(),
        boardDivisions: () => this.boardDivisions(),
        listed: (divisions) => divisions.forEach((d) => this.listedDivisions.set(d.href, d.name)),
        found: (matches) => names.saw(matches),
      }),
      ...kioskHandlers(options.kiosk),
      ...layoutHandlers({
        layouts: new LayoutStore(settings),
        acknowledgements: this.acknowledgements,
        serverAlarms: () => this.site?.alarms.feed.source === 'server',
        siteKey: () => this.siteKey(),
        acknowledged: (href, concern) =>
          options.records?.audit.record({ kind: 'alarm.acknowledged', item: { href, name: this.itemName(href) }, comment: concern, outcome: 'done' }),
      }),
      ...planHandlers(options.records && this.planService(options.records)),
      ...alarmHandlers({ alarms: () => this.site?.alarms, session: () => this.session() }),
      ...operatorHandlers(this.operators, roster),
      ...overrideShiftHandlers(this.overrides, this.shift),
      ...signInTrustHandlers(this.signInTrust, options.records?.audit),
      ...demoHandlers(options.demoAlarms),
      ...this.reception.handlers,
    };
  }

  /** Connects to the site Settings chose (the demo site until configured); progress arrives as events. */
  start(): Promise<void> {
    this.enrolment?.start();
    this.overrides?.start();
    return this.switchTo('auto');
  }

  async stop(): Promise<void> {
    await this.switching;
    await this.closeSite();
    await this.enrolment?.stop();
    this.operators.stop();
    this.overrides?.stop();
    this.reception.stop();
    this.options.records?.close();
  }

  on<K extends EventName>(name: K, listener: (payload: EventPayload<K>) => void): () => void {
    return this.events.on(name, listener);
  }

  handle<K extends CallName>(name: K, params: CheckedParams<K>): Promise<CallResult<K>> {
    // The lock: a call that acts is refused while nobody is signed in (call-gates.ts says which act).
    try {
      this.operators.gate(name);
    } catch (err) {
      return Promise.reject(err);
    }
    const handler: CallHandler<K> = this.handlers[name];
    return handler(params);
  }

  /** A board item by href, where the open site has it. */
  private item(href: string) {
    return this.site?.session.items().find((i) => i.href === href);
  }

  /** Floor plans live in the local store, keyed by the same site key as the layout. */
  private planService(records: DeskRecords): PlanService {
    const items = () => this.site?.session.items() ?? [];
    return new PlanService({
      store: records.store,
      audit: records.audit,
      siteKey: () => this.siteKey(),
      boardItems: items,
      changed: (floor) => this.events.emit('plans.changed', { floor }),
    });
  }

  /** The layout's key for the site shown now: the demo site is one site whatever port it runs on. */
  private siteKey(): string {
    const connection = this.site?.session.connection;
    if (!connection) throw new DeskError('offline', 'The desk is not showing any site yet');
    return connection.demo ? 'demo' : connection.origin;
  }

  /** The item's name as the board shows it, for the audit log; the href where the board has no such item. */
  private itemName(href: string): string {
    return this.site?.session.items().find((item) => item.href === href)?.name ?? href;
  }

  /** The divisions of the board's items, by name. */
  private boardDivisions() {
    return divisionsOf(this.site?.session.items() ?? []);
  }

  private session(): SiteSession {
    if (!this.site) throw new DeskError('offline', 'The desk is not connected to any site yet');
    return this.site.session;
  }

  /**
   * One switch at a time: a second request waits for the first, so two sessions never overlap. A switch
   * the operator asked for keeps the running site (and its board) until the new site has answered
   * discovery on a throwaway connection; if it does not, the error goes back to Settings and nothing
   * changes. The demo site is started after the old site closed, so it can take back its own ports.
   */
  private switchTo(choice: SiteChoice): Promise<void> {
    const run = this.switching.then(async () => {
      if (choice === 'auto' || choice === 'demo' || !this.site) await this.replaceSite(choice);
      else await this.replaceSiteOnceItAnswers(choice);
      if (choice !== 'auto') this.options.sites.remember?.(choice);
    });
    // A failed switch must not block the next one.
    this.switching = run.catch(() => undefined);
    return run;
  }

  private async replaceSiteOnceItAnswers(choice: SiteChoice): Promise<void> {
    const opened = await this.options.sites.open(choice);
    try {
      await checkSite(opened.config);
    } catch (err) {
      await opened.close();
      throw err;
    }
    await this.closeSite();
    await this.startSession(opened);
  }

  private async replaceSite(choice: SiteChoice): Promise<void> {
    await this.closeSite();
    this.events.clearBoard();
    let opened: OpenedSite;
    try {
      opened = await this.options.sites.open(choice);
    } catch (err) {
      // Say why on the connection bar (e.g. "No API key is stored: enter it in Settings").
      const reason = err instanceof DeskError ? err.message : 'The site could not be opened';
      this.events.emit('connection', { phase: 'offline', since: Date.now(), origin: '', demo: false, features: [], staleItems: 0, reason });
      throw err;
    }
    await this.startSession(opened);
  }

  private async startSession(opened: OpenedSite): Promise<void> {
    this.events.clearBoard();
    const origin = new URL(opened.config.baseUrl).origin;
    // The demo site is one site whatever port it runs on: its last-known board is shown at the next start too.
    const session = new SiteSession(opened.config, this.events, this.options.records?.lastKnown.sinkFor(opened.config.demo ? 'demo' : origin));
    // Started before the session, so it hears the session's first board and connection.
    const alarms = new SiteAlarms({ site: session, events: this.events, keeping: this.alarmStore?.forSite(origin), audit: this.options.records?.audit });
    alarms.start();
    this.site = { opened, session, alarms };
    await session.start();
    this.journal.open(session, origin);
    this.reception.siteOpened();
  }

  private async closeSite(): Promise<void> {
    const site = this.site;
    this.site = undefined;
    if (!site) return;
    this.reception.siteClosed();
    await this.journal.close();
    await site.alarms.stop();
    await site.session.stop();
    await site.opened.close();
  }
}
