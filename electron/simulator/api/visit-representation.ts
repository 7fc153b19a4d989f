import type { CardStore } from '../cardholders/card-store';
import type { World } from '../model/world';
import type { VisitBook, StoredVisit, StoredVisitor } from '../visits/visit-book';
import type { VisitorStatusName } from '../site/visitor-schema';
import { selectFields, type FieldRequest } from './fields';
import type { Links } from './links';
import { accessGroupHref, VISITOR_STATES_SINCE, visitorTypeBlock } from './visit-rules';

/**
 * A search's visits carry fewer fields than a visit's own href (cc_rest.yaml: /api/visits, "only a
 * subset"); the simulator's subset is what identifies a visit and places it in the day.
 */
export const SEARCH_DEFAULTS = ['href', 'name', 'reception', 'host', 'from', 'until'];
/** Everything but the notes and the visitors' invitations, which come only when asked for. */
export const DETAIL_DEFAULTS = ['href', 'name', 'description', 'division', 'reception', 'visitorType', 'host', 'from', 'until', 'location', 'visitorAccessGroups', 'visitors'];

/** The words a server in English gives each visitor state beside its fixed name. */
const STATUS_WORDS: Record<VisitorStatusName, string> = {
  expected: 'Expected',
  signingIn: 'Signing In',
  signedIn: 'Signed In',
  onSite: 'On-Site',
  expectedBack: 'Expected Back',
  departed: 'Departed',
  cancelled: 'Cancelled',
};

export function visitHref(links: Links, visitId: string): string {
  return links.href(`/api/visits/${encodeURIComponent(visitId)}`);
}

export function visitorHref(links: Links, visitId: string, cardholderId: string): string {
  return `${visitHref(links, visitId)}/visitors/${encodeURIComponent(cardholderId)}`;
}

export function representVisit(
  visit: StoredVisit,
  defaults: readonly string[],
  fields: FieldRequest | undefined,
  ctx: { world: World; links: Links; book: VisitBook; cards: CardStore },
): Record<string, unknown> {
  const { world, links, book, cards } = ctx;
  const name = (id: string) => cards.displayName(id) ?? id;
  const reception = book.receptions.get(visit.receptionId);
  const source = {
    href: () => visitHref(links, visit.id),
    name: () => visit.name,
    description: () => visit.description,
    division: () => ({ href: links.division(visit.division) }),
    notes: () => visit.notes,
    reception: () => ({ name: reception?.name ?? visit.receptionId, href: links.href(`/api/receptions/${encodeURIComponent(visit.receptionId)}`) }),
    visitorType: () => visitorTypeBlock(book, links, visit.visitorTypeId),
    host: () => ({ name: name(visit.hostId), href: links.cardholder(visit.hostId) }),
    from: () => new Date(visit.from).toISOString(),
    until: () => new Date(visit.until).toISOString(),
    location: () => visit.location,
    visitorAccessGroups: () =>
      visit.visitorAccessGroups.map((g) => ({ name: book.accessGroups.get(g)?.name ?? g, href: accessGroupHref(links, g) })),
    visitors: () => visit.visitors.map((v) => representVisitor(visit, v, visitorParts(fields), world, links, name)),
  };
  const wanted = fields && [...fields.names].some((n) => n.startsWith('visitors.'))
    ? { ...fields, names: new Set([...fields.names, 'visitors']) }
    : fields;
  return selectFields(source, defaults, wanted, world.version);
}

/** `visitors.cardholder`, `visitors.href`, … name the parts of each visitor; plain `visitors` gives the default parts. */
function visitorParts(fields: FieldRequest | undefined): Set<string> {
  const named = [...(fields?.names ?? [])].filter((n) => n.startsWith('visitors.')).map((n) => n.slice('visitors.'.length));
  return named.length > 0 && !fields?.names.has('visitors') ? new Set(named) : new Set(['cardholder', 'href', 'status', ...named]);
}

function representVisitor(
  visit: StoredVisit,
  visitor: StoredVisitor,
  parts: Set<string>,
  world: World,
  links: Links,
  name: (id: string) => string,
): Record<string, unknown> {
  const states = world.version.atLeast(VISITOR_STATES_SINCE);
  const out: Record<string, unknown> = {};
  if (parts.has('href') && states) out.href = visitorHref(links, visit.id, visitor.cardholderId);
  if (parts.has('cardholder')) out.cardholder = { name: name(visitor.cardholderId), href: links.cardholder(visitor.cardholderId) };
  if (parts.has('status') && states) out.status = { value: STATUS_WORDS[visitor.status], type: visitor.status };
  // Opaque to clients (cc_rest.yaml): what a visitor kiosk's QR code would carry.
  if (parts.has('invitation')) out.invitation = `gatehouse-sim-visit:${visit.id}:${visitor.cardholderId}`;
  return out;
}
