import { z } from 'zod';
import { DeskError } from '../../../shared/errors';
import type { Discovery } from './discovery';
import { linkFor } from './features';
import { Link, NamedLink } from './schemas';
import { searchAll } from './paging';
import type { Transport } from './transport';

/** cc_rest.yaml: features.receptions.receptions (8.50, RESTCardholders) and features.visits.visits (8.50, RESTCardholders and VisitorManagement). */
export const RECEPTIONS_LINK = ['receptions.receptions'];
export const VISITS_LINK = ['visits.visits'];

/** cc_rest.yaml Visit.visitors[].status.type: the fixed list of a visitor's states. */
export const VisitorState = z.enum(['expected', 'signingIn', 'signedIn', 'onSite', 'expectedBack', 'departed', 'cancelled']);
export type VisitorState = z.infer<typeof VisitorState>;

/** cc_rest.yaml Reception. */
export const ServerReception = z.object({ href: z.string(), name: z.string(), division: Link.optional(), defaultVisitorType: Link.optional() });
export type ServerReception = z.infer<typeof ServerReception>;

/** cc_rest.yaml Visit.visitors[]: the cardholder, and from 8.90 the visitor's own href and state. */
export const ServerVisitor = z.object({
  href: z.string().optional(),
  cardholder: NamedLink,
  status: z.object({ value: z.string().optional(), type: z.string() }).optional(),
});
export type ServerVisitor = z.infer<typeof ServerVisitor>;

/** cc_rest.yaml Visit, as the desk asks for it. */
export const ServerVisit = z.object({
  href: z.string(),
  name: z.string(),
  description: z.string().optional(),
  reception: NamedLink.optional(),
  host: NamedLink.optional(),
  from: z.string().optional(),
  until: z.string().optional(),
  location: z.string().optional(),
  visitors: z.array(ServerVisitor).default([]),
});
export type ServerVisit = z.infer<typeof ServerVisit>;

const VISIT_FIELDS = 'href,name,description,reception,host,from,until,location,visitors';
/** Only what says who is a visitor today: the roll call's question. */
export const VISITOR_FIELDS = 'href,name,from,until,visitors.cardholder';

/** cc_rest.yaml Division.visitorManagement: the division's own visitor types, when `active`. */
const VisitorManagement = z.object({
  active: z.boolean().optional(),
  visitorTypes: z.array(z.object({ href: z.string(), accessGroup: NamedLink.optional() })).optional(),
});
const DivisionWithVisitors = z.object({ href: z.string(), parent: Link.optional(), visitorManagement: VisitorManagement.optional() });

function visitsHref(discovery: Discovery, what: string): string {
  const href = linkFor(discovery, ...VISITS_LINK);
  if (!href) throw new DeskError('licence', `${what}: this server offers no visits (it needs version 8.50 and the RESTCardholders and VisitorManagement licences)`);
  return href;
}

export async function listReceptions(transport: Transport, discovery: Discovery, signal?: AbortSignal): Promise<ServerReception[]> {
  const what = 'Reception list';
  const href = linkFor(discovery, ...RECEPTIONS_LINK);
  if (!href) throw new DeskError('licence', `${what}: this server offers no receptions (it needs version 8.50 and the RESTCardholders licence)`);
  const out: ServerReception[] = [];
  for await (const r of searchAll(transport, href, ServerReception, what, { query: { top: 1000, fields: 'href,name,division,defaultVisitorType' }, signal })) out.push(r);
  return out;
}

/**
 * Every visit the operator may see, with its visitors. The vendor's search has no reception or date
 * filter, so the desk reads them all (1000 a page) and keeps the day's for one reception itself.
 */
export async function listVisits(transport: Transport, discovery: Discovery, signal?: AbortSignal, fields = VISIT_FIELDS): Promise<ServerVisit[]> {
  const what = 'Visit list';
  const out: ServerVisit[] = [];
  for await (const v of searchAll(transport, visitsHref(discovery, what), ServerVisit, what, { query: { top: 1000, fields }, signal })) out.push(v);
  return out;
}

/** The visitor types a reception's visits may have: its division's, or the nearest ancestor's that has its own. */
export async function visitorTypesFor(transport: Transport, divisionHref: string): Promise<{ href: string; name: string }[]> {
  const what = 'Visitor types';
  let href: string | undefined = divisionHref;
  for (let depth = 0; href && depth < 32; depth++) {
    const division: z.infer<typeof DivisionWithVisitors> = await transport.getJson(href, DivisionWithVisitors, what, { query: { fields: 'href,parent,visitorManagement' } });
    const types = division.visitorManagement?.visitorTypes;
    if (division.visitorManagement?.active && types) return types.map((t) => ({ href: t.href, name: t.accessGroup?.name ?? 'Visitor type' }));
    href = division.parent?.href;
  }
  return [];
}

/** cc_rest.yaml PATCH of a visitor's own href (8.90): `{ status: { value } }`. */
export async function setVisitorState(transport: Transport, visitorHref: string, state: VisitorState): Promise<void> {
  await transport.patch(visitorHref, { status: { value: state } }, 'Visitor state');
}

/**
 * cc_rest.yaml notify_signing_in / notify_onsite (8.90): an email and an SMS to the host. The reference
 * names them only as paths below the visitor's own href, which is where they are sent.
 */
export async function notifyHost(
  transport: Transport,
  visitorHref: string,
  kind: 'signingIn' | 'onSite',
  message: { subject: string; text: string },
): Promise<void> {
  const path = kind === 'signingIn' ? 'notify_signing_in' : 'notify_onsite';
  await transport.post(`${visitorHref.replace(/\/+$/, '')}/${path}`, { emailSubject: message.subject, emailMessage: message.text, smsMessage: message.text }, 'Host notification');
}

export interface NewVisit {
  name: string;
  reception: string;
  visitorType: string;
  host: string;
  from: Date;
  until: Date;
  location?: string;
  visitors: string[];
}

/** cc_rest.yaml POST /api/visits: the required fields and the visitors as `{ href }`; the new visit's href. */
export async function createVisit(transport: Transport, discovery: Discovery, visit: NewVisit): Promise<string> {
  const what = 'New visit';
  if (!(visit.until.getTime() > visit.from.getTime())) throw new DeskError('bad-request', `${what}: the visit must end after it starts`);
  return transport.create(visitsHref(discovery, what), {
    name: visit.name,
    reception: { href: visit.reception },
    visitorType: { href: visit.visitorType },
    host: { href: visit.host },
    from: visit.from.toISOString(),
    until: visit.until.toISOString(),
    ...(visit.location ? { location: visit.location } : {}),
    visitors: visit.visitors.map((href) => ({ href })),
  }, what);
}
