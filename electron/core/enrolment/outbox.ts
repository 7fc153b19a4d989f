import { randomUUID } from 'node:crypto';
import type { AuditAction, AuditOutcome } from '../../../shared/contract/audit';
import type { OutboxItem } from '../../../shared/contract/enrolment';
import { DeskError } from '../../../shared/errors';
import { OneRunAtATime } from '../one-run-at-a-time';
import { itemOf, type OutboxRecord, type OutboxStore } from './outbox-record';
import { sendEnrolment } from './send-enrolment';
import type { EnrolmentServer, SiteLink } from './site-link';

/** The local audit log (electron/core/offline/audit-log.ts), as far as enrolment uses it. */
export interface EnrolmentAudit {
  record(action: AuditAction): unknown;
}

export type NewOutboxRecord = Omit<OutboxRecord, 'id' | 'seq' | 'createdAt' | 'origin' | 'state' | 'attempted' | 'history'>;

/** How often pending enrolments are tried while the server is away. */
const RETRY_MS = 5_000;

/**
 * Enrolments kept until the server has them, sent in the order taken, each exactly once. Every
 * change is on disk before anything is sent, so a kill at any moment loses nothing and repeats
 * nothing: an attempt whose answer was lost becomes a read-back (existing cardholder) or "outcome
 * unknown" for the operator to decide (new cardholder).
 */
export class Outbox {
  private records: OutboxRecord[] = [];
  private loaded: Promise<void> | undefined;
  private readonly sending = new OneRunAtATime(
    () => this.run(),
    () => this.kick(),
  );
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly store: OutboxStore,
    private readonly link: SiteLink,
    private readonly emit: (items: OutboxItem[]) => void,
    private readonly audit?: EnrolmentAudit,
  ) {}

  /** Loads the outbox and starts sending what is pending. */
  start(): Promise<void> {
    this.loaded ??= this.store.load().then((records) => {
      // A record caught mid-send by a crash is pending again; its `attempted` flag says how to go on.
      this.records = records.map((r) => (r.state === 'sending' ? { ...r, state: 'pending' } : r));
      this.emitItems();
      this.kick();
    });
    return this.loaded;
  }

  async items(): Promise<OutboxItem[]> {
    await this.start();
    return this.records.map(itemOf).reverse();
  }

  /** Takes an enrolment on (durably), tries to send it at once, and answers with where it stands. */
  async add(input: NewOutboxRecord): Promise<OutboxItem> {
    await this.start();
    const origin = this.link.origin();
    if (!origin) throw new DeskError('offline', 'The desk is not connected to any site yet: nothing was kept');
    const record: OutboxRecord = {
      ...input,
      id: randomUUID(),
      seq: (this.records.at(-1)?.seq ?? 0) + 1,
      createdAt: Date.now(),
      origin,
      state: 'pending',
      attempted: false,
      history: [{ at: Date.now(), what: 'taken on at the desk' }],
    };
    await this.store.save(record);
    this.records.push(record);
    this.emitItems();
    await this.flush();
    return itemOf(record);
  }

  /** The operator's decision on an enrolment whose outcome is unknown. */
  async resolve(id: string, action: 'resend' | 'discard'): Promise<OutboxItem[]> {
    await this.start();
    const record = this.records.find((r) => r.id === id);
    if (!record) throw new DeskError('not-found', 'No such enrolment in the outbox');
    if (record.state !== 'uncertain') throw new DeskError('bad-request', `That enrolment is ${record.state}, not of unknown outcome`);
    if (action === 'discard') {
      await this.update(record, { state: 'discarded', note: 'Discarded by the operator after checking the server' }, 'discarded by the operator');
      this.recordAudit(record, 'failed', 'Discarded by the operator after checking the server (outcome had been unknown)');
    } else {
      await this.update(record, { state: 'pending', attempted: false, note: 'Resend chosen by the operator' }, 'resend chosen by the operator');
      await this.flush();
    }
    return this.items();
  }

  /** Sends what is pending for the current site, oldest first; one run at a time. */
  flush(): Promise<void> {
    return this.sending.run();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }

  private async run(): Promise<void> {
    const origin = this.link.origin();
    const due = this.records.filter((r) => r.state === 'pending' && r.origin === origin);
    if (due.length === 0) return;
    let server: EnrolmentServer;
    try {
      server = await this.link.server({ reuse: true });
    } catch (error) {
      const note = error instanceof DeskError ? `Waiting for the server: ${error.message}` : 'Waiting for the server';
      for (const record of due) if (record.note !== note) await this.update(record, { note });
      return;
    }
    for (const record of due) {
      await this.update(record, { state: 'sending' });
      const outcome = await sendEnrolment(server, record, {
        markAttempted: () => this.update(record, { attempted: true }, 'request sent'),
      }).catch((error: unknown) => ({ kind: 'not-sent' as const, attempted: record.attempted, note: `Not sent: ${(error as Error).message}` }));
      switch (outcome.kind) {
        case 'sent':
          await this.update(
            record,
            { state: 'sent', note: undefined, cardholderHref: outcome.cardholderHref, ...(outcome.cardStatus ? { cardStatus: outcome.cardStatus } : {}) },
            'sent: the server has it',
          );
          this.recordAudit(record, 'done', `Sent; card status ${outcome.cardStatus ? `${outcome.cardStatus.type ?? ''} ${outcome.cardStatus.value}`.trim() : 'not reported'}`);
          break;
        case 'refused':
          await this.update(record, { state: 'refused', note: outcome.note }, `refused: ${outcome.note}`);
          this.recordAudit(record, 'refused', outcome.note);
          break;
        case 'uncertain':
          await this.update(record, { state: 'uncertain', note: outcome.note }, 'outcome unknown');
          this.recordAudit(record, 'uncertain', outcome.note);
          break;
        case 'not-sent':
          // Keep the order: nothing after this one goes before it.
          await this.update(record, { state: 'pending', attempted: outcome.attempted, note: outcome.note });
          return;
      }
    }
  }

  private async update(record: OutboxRecord, change: Partial<OutboxRecord>, event?: string): Promise<void> {
    const next: OutboxRecord = { ...record, ...change, history: event ? [...record.history, { at: Date.now(), what: event }] : record.history };
    if (next.note === undefined) delete next.note;
    await this.store.save(next);
    Object.assign(record, next);
    if (next.note === undefined) delete record.note;
    this.emitItems();
  }

  /** While anything is pending, try again a little later (the connection may be back). */
  private kick(): void {
    clearTimeout(this.timer);
    if (this.closed || !this.records.some((r) => r.state === 'pending')) return;
    this.timer = setTimeout(() => void this.flush(), RETRY_MS);
    this.timer.unref?.();
  }

  /** Sent, refused, uncertain, discarded: each in the audit log; a failure to record never stops the outbox. */
  private recordAudit(record: OutboxRecord, outcome: AuditOutcome, outcomeText: string): void {
    try {
      this.audit?.record({ kind: 'enrolment', cardholder: itemOf(record).target, cardNumber: itemOf(record).cardNumber, outcome, outcomeText });
    } catch {
      /* the audit log reports its own failures */
    }
  }

  private emitItems(): void {
    this.emit(this.records.map(itemOf).reverse());
  }
}
