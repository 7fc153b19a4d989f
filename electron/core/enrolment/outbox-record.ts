import { z } from 'zod';
import { PivEnrolment } from '../../../shared/piv/card-create';
import { formatFascn } from '../../../shared/piv/fascn-number';
import { OutboxItem } from '../../../shared/contract/enrolment';

/**
 * One enrolment the desk has taken on, as it is kept until the server has it. `attempted` is written
 * to disk before each request goes out: found set after a crash or a lost connection, it means the
 * server may already have the enrolment, so the request is never blindly repeated.
 */
export const OutboxRecord = z.object({
  id: z.string(),
  /** Order of taking on; enrolments are sent in this order. */
  seq: z.number().int(),
  createdAt: z.number(),
  /** The server's origin this enrolment is for: it is never sent to another site. */
  origin: z.string(),
  state: OutboxItem.shape.state,
  attempted: z.boolean(),
  target: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('new'),
      firstName: z.string().optional(),
      lastName: z.string().optional(),
      divisionHref: z.string(),
      divisionName: z.string().optional(),
    }),
    /** `name`: the cardholder as the operator picked them (words for the outbox, never sent). */
    z.object({ kind: z.literal('existing'), href: z.string(), name: z.string().optional() }),
  ]),
  cardKind: z.enum(['piv', 'piv-i']),
  enrolment: PivEnrolment,
  status: z.enum(['active', 'disabled (manually)']),
  note: z.string().optional(),
  cardholderHref: z.string().optional(),
  cardStatus: z.object({ value: z.string(), type: z.string().optional() }).optional(),
  /** What happened and when: taken on, sent, failed, uncertain, resent, discarded. */
  history: z.array(z.object({ at: z.number(), what: z.string() })),
});
export type OutboxRecord = z.infer<typeof OutboxRecord>;

/** Where the outbox is kept. The records hold personal data: an implementation keeps them encrypted. */
export interface OutboxStore {
  /** Every record, oldest first. */
  load(): Promise<OutboxRecord[]>;
  /** Inserts or replaces a record; durable (on disk) when the promise resolves. */
  save(record: OutboxRecord): Promise<void>;
}

/** The record as the screen lists it: no card data, only what identifies the enrolment. */
export function itemOf(record: OutboxRecord): OutboxItem {
  const t = record.target;
  const name = t.kind === 'new' ? [t.firstName, t.lastName].filter(Boolean).join(' ') : '';
  return {
    id: record.id,
    createdAt: record.createdAt,
    state: record.state,
    target: t.kind === 'new' ? `${name} (new cardholder, ${t.divisionName ?? t.divisionHref})` : t.name ? `${t.name} (existing cardholder)` : t.href,
    cardNumber: record.cardKind === 'piv' ? formatFascn(record.enrolment.number) : record.enrolment.number,
    kind: record.cardKind,
    ...(record.note ? { note: record.note } : {}),
    ...(record.cardholderHref ? { cardholderHref: record.cardholderHref } : {}),
    ...(record.cardStatus ? { cardStatus: record.cardStatus } : {}),
  };
}
