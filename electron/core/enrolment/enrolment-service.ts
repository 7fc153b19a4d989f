import { randomUUID } from 'node:crypto';
import type { CardholderCards, CardRead, EnrolRequest, OutboxItem, ReaderList } from '../../../shared/contract/enrolment';
import type { EventPayload } from '../../../shared/contract';
import type { EmitEventName } from '../events';
import { DeskError } from '../../../shared/errors';
import type { PivStatusType } from '../../../shared/piv/card-create';
import type { PivCardRead } from '../../../shared/piv/card-read';
import { isPivError } from '../../../shared/piv/card/errors';
import type { DeskConfig } from '../config';
import { checkRead } from './card-preview';
import { CardReaders, type CardReadersOptions } from './card-readers';
import type { CardAccess } from '../piv/sign-in';
import { listCards, removeCard, updateCard } from './card-management';
import { followCardholder } from '../api/cardholders';
import { Outbox, type EnrolmentAudit } from './outbox';
import type { OutboxStore } from './outbox-record';
import { SiteLink } from './site-link';

export interface EnrolmentOptions extends CardReadersOptions {
  outbox: OutboxStore;
  audit?: EnrolmentAudit;
}

export interface EnrolmentContext {
  siteConfig(): DeskConfig | undefined;
  /** A division's name as the desk knows it (the board's items, the division lists it gave out), for the outbox's words. */
  divisionName(href: string): string | undefined;
  emit<K extends EmitEventName>(name: K, payload: EventPayload<K>): void;
}

/** How many card reads are kept for enrolment at once (the newest ones). */
const KEPT_READS = 4;

/**
 * Enrolment at the desk: readers, card reads kept in main (the screen refers to them by id, so card data
 * and fingerprints never make a round trip through it), the outbox, and a cardholder's PIV cards.
 */
export class EnrolmentService {
  private readonly link: SiteLink;
  private readonly readers: CardReaders;
  private readonly outbox: Outbox;
  private readonly reads = new Map<string, PivCardRead>();

  constructor(
    options: EnrolmentOptions,
    private readonly context: EnrolmentContext,
  ) {
    this.link = new SiteLink(() => context.siteConfig());
    this.readers = new CardReaders(options, (list) => context.emit('enrolment.readers', list));
    this.outbox = new Outbox(options.outbox, this.link, (items) => context.emit('enrolment.outbox', items), options.audit);
  }

  /** Loads the outbox; pending enrolments go as soon as the server answers. */
  start(): void {
    this.outbox.start().catch(() => undefined);
  }

  /** The desk (re)connected: discover what the server offers and send what is waiting. */
  connected(): void {
    void this.link.server().catch(() => undefined);
    void this.outbox.flush();
  }

  async stop(): Promise<void> {
    this.outbox.close();
    await this.readers.close();
    await this.link.close();
  }

  /** The card in a reader, connected while `use` runs: how card sign-in reaches the desk's readers. */
  cardAccess(): CardAccess {
    return { withCard: (reader, use) => this.readers.withCard(reader, use) };
  }

  readerList(): Promise<ReaderList> {
    return this.readers.readers();
  }

  async readiness() {
    try {
      await this.link.server();
    } catch (error) {
      // The readiness says what is missing; a server that cannot be reached leaves it "not known yet".
      if (!(error instanceof DeskError)) throw error;
    }
    return this.link.readiness();
  }

  async readCard(reader: string | undefined, pin: string | undefined): Promise<CardRead> {
    let read: PivCardRead;
    try {
      read = await this.readers.read(reader, pin, (progress) => this.context.emit('enrolment.progress', progress));
    } catch (error) {
      // Card and reader failures say what to do (insert a card, try again, not a PIV card); never the PIN.
      if (isPivError(error)) throw new DeskError('card', error.message);
      throw error;
    }
    const readId = randomUUID();
    this.reads.set(readId, read);
    for (const old of [...this.reads.keys()].slice(0, -KEPT_READS)) this.reads.delete(old);
    return { readId, preview: checkRead(read, this.link.readiness().serverVersion).preview };
  }

  async enrol(request: EnrolRequest): Promise<{ item: OutboxItem }> {
    const read = this.reads.get(request.readId);
    if (!read) throw new DeskError('card', 'That card read is no longer held: read the card again');
    const checked = checkRead(read, this.link.readiness().serverVersion);
    if (!checked.enrolment) {
      throw new DeskError('bad-request', `The server would refuse this card: ${checked.preview.problems.map((p) => p.message).join('; ')}`);
    }
    const c = request.cardholder;
    const divisionName = c.kind === 'new' ? this.context.divisionName(c.divisionHref) : undefined;
    const item = await this.outbox.add({
      target:
        c.kind === 'new'
          ? {
              kind: 'new',
              divisionHref: c.divisionHref,
              ...(c.firstName ? { firstName: c.firstName } : {}),
              ...(c.lastName ? { lastName: c.lastName } : {}),
              ...(divisionName ? { divisionName } : {}),
            }
          : { kind: 'existing', href: c.href, ...(c.name ? { name: c.name } : {}) },
      cardKind: read.kind,
      enrolment: checked.enrolment,
      status: request.status,
    });
    const now = (await this.outbox.items()).find((i) => i.id === item.id) ?? item;
    if (now.state === 'refused') throw new DeskError('bad-request', now.note ?? 'The server refused the enrolment');
    // Sent once: the read is done with. Kept (pending, uncertain) enrolments hold their own copy.
    this.reads.delete(request.readId);
    return { item: now };
  }

  outboxItems(): Promise<OutboxItem[]> {
    return this.outbox.items();
  }

  resolve(id: string, action: 'resend' | 'discard'): Promise<OutboxItem[]> {
    return this.outbox.resolve(id, action);
  }

  async cards(cardholderHref: string): Promise<CardholderCards> {
    return listCards(await this.link.server(), cardholderHref);
  }

  async updateCard(cardholderHref: string, cardHref: string, change: { status?: 'active' | 'disabled (manually)'; pivStatus?: PivStatusType }) {
    return updateCard(await this.link.server(), cardholderHref, cardHref, change);
  }

  async deleteCard(cardholderHref: string, cardHref: string): Promise<CardholderCards> {
    return removeCard(await this.link.server(), cardholderHref, cardHref);
  }

  /** One call of a cardholder's updates long poll, so the card list on screen follows changes made elsewhere. */
  async cardsChanged(href: string): Promise<{ changed: boolean; next: string }> {
    return followCardholder((await this.link.server()).transport, href);
  }

  async demoCard(action: 'piv' | 'piv-i' | 'remove'): Promise<ReaderList> {
    try {
      return await this.readers.demoCard(action);
    } catch (error) {
      if (isPivError(error)) throw new DeskError('card', error.message);
      throw error;
    }
  }
}
