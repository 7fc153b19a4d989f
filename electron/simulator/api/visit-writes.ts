import type { Exchange } from '../http/exchange';
import { readJsonObject } from '../http/json-body';
import { VisitorStatus } from '../site/visitor-schema';
import type { StoredVisit, StoredVisitor } from '../visits/visit-book';
import { visitHref } from './visit-representation';
import type { Links } from './links';
import { EDIT_VISITS, idAfter } from './visit-rules';
import type { VisitsContext } from './visits';

/** A body that breaks a rule: answered 400 with the rule in words. */
class VisitRejection extends Error {}

/**
 * cc_rest.yaml /api/visits POST: name, reception, visitor type, host, from and until are required; the
 * visit takes its division from its reception; the host must be in one of the visitor type's host
 * access groups; visitor access groups must be among the type's; `until` must be after `from`.
 * Answered 201 with the new visit's href in `location`.
 */
export async function createVisit(exchange: Exchange, ctx: VisitsContext): Promise<void> {
  const body = await readJsonObject(exchange);
  if (!body) return;
  const { book, operator, links } = ctx;
  try {
    const draft = applyChanges(ctx, undefined, body);
    if (!operator.can(EDIT_VISITS, draft.division)) return exchange.error(403, "The operator lacks the 'Edit Visits' privilege");
    const visit = book.add(draft);
    ctx.world.events.add({ type: 'visit', action: 'created', visitId: visit.id, operator: operator.cardholderId, division: visit.division });
    return exchange.empty(201, { location: visitHref(links, visit.id) });
  } catch (err) {
    if (err instanceof VisitRejection) return exchange.error(400, err.message);
    throw err;
  }
}

/** cc_rest.yaml /api/visits/{id} PATCH: any of the fields; visitors and visitor access groups as `add` / `remove`. */
export async function patchVisit(exchange: Exchange, ctx: VisitsContext, visit: StoredVisit): Promise<void> {
  const body = await readJsonObject(exchange);
  if (!body) return;
  const refusal = writeRefusal(ctx, visit);
  if (refusal) return exchange.error(403, refusal);
  try {
    const changed = applyChanges(ctx, visit, body);
    if (!ctx.operator.can(EDIT_VISITS, changed.division)) return exchange.error(403, "The operator lacks the 'Edit Visits' privilege");
    Object.assign(visit, changed);
  } catch (err) {
    if (err instanceof VisitRejection) return exchange.error(400, err.message);
    throw err;
  }
  ctx.world.events.add({ type: 'visit', action: 'modified', visitId: visit.id, operator: ctx.operator.cardholderId, division: visit.division });
  exchange.empty(204);
}

/**
 * cc_rest.yaml /api/visits/{id}/visitors/{id} PATCH (8.90): `status.value` is the state to move to; an
 * event is recorded when the state changes. A visitor who departs was last seen at the reception.
 */
export async function setVisitorStatus(exchange: Exchange, ctx: VisitsContext, visit: StoredVisit, visitor: StoredVisitor): Promise<void> {
  const body = await readJsonObject(exchange);
  if (!body) return;
  const wanted = VisitorStatus.safeParse((body.status as { value?: unknown } | undefined)?.value);
  if (!wanted.success) return exchange.error(400, `status.value must be one of ${VisitorStatus.options.join(', ')}`);
  const refusal = writeRefusal(ctx, visit);
  if (refusal) return exchange.error(403, refusal);
  if (visitor.status !== wanted.data) {
    visitor.status = wanted.data;
    const now = ctx.world.clock.now();
    if (wanted.data === 'departed') ctx.locations.leftBy(visitor.cardholderId, visit.receptionId, now);
    ctx.world.events.add({
      type: 'visit', action: `visitor ${wanted.data}`, visitId: visit.id, cardholderId: visitor.cardholderId,
      operator: ctx.operator.cardholderId, division: visit.division,
    });
  }
  exchange.empty(204);
}

/** cc_rest.yaml notify_signing_in / notify_onsite (8.90): an email (subject or message) and/or an SMS to the host. */
export async function notifyHost(
  exchange: Exchange,
  ctx: VisitsContext,
  visit: StoredVisit,
  visitor: StoredVisitor,
  kind: 'signingIn' | 'onSite',
): Promise<void> {
  const body = await readJsonObject(exchange);
  if (!body) return;
  const text = (key: string) => (typeof body[key] === 'string' && body[key] !== '' ? (body[key] as string) : undefined);
  for (const key of ['emailSubject', 'emailMessage', 'smsMessage']) {
    if (body[key] !== undefined && typeof body[key] !== 'string') return exchange.error(400, `${key} must be text`);
  }
  const [emailSubject, emailMessage, smsMessage] = [text('emailSubject'), text('emailMessage'), text('smsMessage')];
  if (!emailSubject && !emailMessage && !smsMessage) {
    return exchange.error(400, 'A notification needs an email subject or message, or an SMS message');
  }
  const refusal = writeRefusal(ctx, visit);
  if (refusal) return exchange.error(403, refusal);
  const time = ctx.world.clock.now();
  ctx.book.notifications.push({
    visitId: visit.id, cardholderId: visitor.cardholderId, kind, time,
    ...(emailSubject ? { emailSubject } : {}), ...(emailMessage ? { emailMessage } : {}), ...(smsMessage ? { smsMessage } : {}),
  });
  ctx.world.events.add({
    type: 'visit', action: kind === 'signingIn' ? 'host notified: signing in' : 'host notified: on site', visitId: visit.id,
    cardholderId: visitor.cardholderId, operator: ctx.operator.cardholderId, division: visit.division,
  });
  exchange.empty(204);
}

/** cc_rest.yaml: changes need 'Edit Visits', and an expired visit (past its `until`) cannot change. */
function writeRefusal(ctx: VisitsContext, visit: StoredVisit): string | undefined {
  if (!ctx.operator.can(EDIT_VISITS, visit.division)) return "The operator lacks the 'Edit Visits' privilege";
  if (visit.until <= ctx.world.clock.now()) return 'The visit has expired';
  return undefined;
}

/** The visit `body` makes of `base` (a new visit when base is undefined), checked whole; nothing changes here. */
function applyChanges(ctx: VisitsContext, base: StoredVisit | undefined, body: Record<string, unknown>): Omit<StoredVisit, 'id'> {
  const { book, links, cards } = ctx;
  const creating = base === undefined;
  const need = (key: string) => {
    if (creating && body[key] === undefined) throw new VisitRejection(`${key} is required`);
    return body[key] !== undefined;
  };
  const href = (key: string) => (body[key] as { href?: unknown } | null)?.href;

  const name = need('name') ? body.name : base?.name;
  if (typeof name !== 'string' || name.trim() === '') throw new VisitRejection('name must not be blank');

  let receptionId = base?.receptionId;
  if (need('reception')) {
    receptionId = idAfter(href('reception'), links, '/api/receptions/');
    if (!receptionId || !book.receptions.has(receptionId)) throw new VisitRejection('reception.href must be the href of a reception');
  }
  const reception = book.receptions.get(receptionId!)!;
  const division = book.configDivision(reception.division);
  if (!division) throw new VisitRejection(`The reception ${reception.name} has no visitor management configuration`);

  let visitorTypeId = base?.visitorTypeId;
  if (need('visitorType')) {
    const typeHref = href('visitorType');
    visitorTypeId = idAfter(typeHref, links, '/api/access_groups/') ?? visitorTypeIdOf(typeHref, links);
    if (!visitorTypeId || !book.visitorTypes.has(visitorTypeId)) throw new VisitRejection('visitorType.href must be the href of a visitor type');
  }
  if (book.visitorTypes.get(visitorTypeId!)!.division !== division) {
    throw new VisitRejection("The visitor type must belong to the reception's visitor management configuration");
  }

  let hostId = base?.hostId;
  if (need('host')) {
    hostId = idAfter(href('host'), links, '/api/cardholders/');
    if (!hostId || !cards.cardholders.has(hostId)) throw new VisitRejection('host.href must be the href of a cardholder');
  }
  if (!book.isHostFor(hostId!, visitorTypeId!)) throw new VisitRejection("The host must be a member of one of the visitor type's host access groups");

  const time = (key: 'from' | 'until') => {
    if (!need(key)) return base![key];
    const ms = typeof body[key] === 'string' ? Date.parse(body[key]) : Number.NaN;
    if (Number.isNaN(ms)) throw new VisitRejection(`${key} must be a date and time`);
    return ms;
  };
  const from = time('from');
  const until = time('until');
  if (until <= from) throw new VisitRejection('until must be later than from');

  const text = (key: 'description' | 'location') => {
    if (body[key] === undefined) return base?.[key];
    if (typeof body[key] !== 'string') throw new VisitRejection(`${key} must be text`);
    return body[key];
  };
  const description = text('description');
  const location = text('location');

  const allowedGroups = new Set(book.visitorTypes.get(visitorTypeId!)!.visitorAccessGroups);
  const groupId = (raw: unknown) =>
    idAfter((raw as { href?: unknown } | null)?.href, links, '/api/access_groups/') ??
    (base ? idAfter((raw as { href?: unknown } | null)?.href, links, `/api/visits/${encodeURIComponent(base.id)}/visitor_access_groups/`) : undefined);
  const visitorAccessGroups = changeList(body.visitorAccessGroups, base?.visitorAccessGroups ?? [], creating, 'visitorAccessGroups', groupId);
  for (const g of visitorAccessGroups) {
    if (!allowedGroups.has(g)) throw new VisitRejection("Each visitor access group must be one of the visitor type's");
  }

  const visitorId = (raw: unknown) => {
    const h = (raw as { href?: unknown } | null)?.href;
    return idAfter(h, links, '/api/cardholders/') ?? (base ? idAfter(h, links, `/api/visits/${encodeURIComponent(base.id)}/visitors/`) : undefined);
  };
  const visitorIds = changeList(body.visitors, base?.visitors.map((v) => v.cardholderId) ?? [], creating, 'visitors', visitorId);
  for (const id of visitorIds) if (!cards.cardholders.has(id)) throw new VisitRejection(`No cardholder ${id} to be a visitor`);
  // New visitors start expected (cc_rest.yaml: any status sent is ignored).
  const visitors = visitorIds.map((id) => base?.visitors.find((v) => v.cardholderId === id) ?? { cardholderId: id, status: 'expected' as const });

  return {
    name, receptionId: receptionId!, visitorTypeId: visitorTypeId!, hostId: hostId!, from, until, division,
    ...(description !== undefined ? { description } : {}),
    ...(location !== undefined ? { location } : {}),
    ...(base?.notes !== undefined ? { notes: base.notes } : {}),
    visitorAccessGroups, visitors: visitors.map((v) => ({ ...v })),
  };
}

function visitorTypeIdOf(href: unknown, links: Links): string | undefined {
  if (typeof href !== 'string') return undefined;
  const match = /^\/api\/divisions\/[^/]+\/visitor_types\/([^/?]+)$/.exec(href.startsWith(links.base) ? href.slice(links.base.length) : '');
  return match ? decodeURIComponent(match[1]!) : undefined;
}

/** A POST's list of hrefs, or a PATCH's `{ add, remove }`, applied to `current`. */
function changeList(raw: unknown, current: string[], creating: boolean, key: string, idOf: (raw: unknown) => string | undefined): string[] {
  if (raw === undefined) return [...current];
  const ids = (list: unknown, part: string) => {
    if (!Array.isArray(list)) throw new VisitRejection(`${part} must be an array of { href } blocks`);
    return list.map((item) => {
      const id = idOf(item);
      if (id === undefined) throw new VisitRejection(`Each of ${part} needs an href this server gave`);
      return id;
    });
  };
  if (creating) return [...new Set(ids(raw, key))];
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new VisitRejection(`${key} must be an object with add and/or remove`);
  const { add, remove } = raw as { add?: unknown; remove?: unknown };
  const removed = new Set(remove === undefined ? [] : ids(remove, `${key}.remove`));
  const added = add === undefined ? [] : ids(add, `${key}.add`);
  return [...new Set([...current.filter((id) => !removed.has(id)), ...added])];
}

