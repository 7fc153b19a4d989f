import type { CardholderLocations } from '../cardholders/locations';
import type { ProximityCard } from '../cardholders/proximity-cards';
import type { World } from '../model/world';
import type { VisitBook } from '../visits/visit-book';
import type { Links } from './links';

/** The people side of the server the visit, reception and location calls share. */
export interface PeopleContext {
  book: VisitBook;
  locations: CardholderLocations;
  /** Each cardholder's ordinary access card, where the site gives them. */
  proximityCards: Map<string, ProximityCard>;
}

/** cc_rest.yaml /api/visits/{id}: a visit is seen with 'View Visits' or 'Edit Visits' on its division. */
export const VIEW_VISITS = ['View Visits', 'Edit Visits'];
/** cc_rest.yaml /api/visits/{id} PATCH: changing a visit (or a visitor's state) needs 'Edit Visits'. */
export const EDIT_VISITS = ['Edit Visits'];
/** cc_rest.yaml /api/receptions/{id} 404, and a division's visitorManagement block: who sees them. */
export const VIEW_RECEPTIONS = ['View Site', 'Edit Site', 'View Visits', 'Edit Visits', 'Manage Receptions'];

/** Visits arrived in 8.50; visitors' own hrefs, states and the host notifications in 8.90 (cc_rest.yaml). */
export const VISITS_SINCE = '8.50';
export const VISITOR_STATES_SINCE = '8.90';

/** cc_rest.yaml /api/visits 403: visitor management calls need both RESTCardholders and VisitorManagement. */
export function visitsLicenceRefusal(world: World): string | undefined {
  const missing = ['RESTCardholders', 'VisitorManagement'].filter((l) => !world.hasLicence(l));
  return missing.length === 0 ? undefined : `The site is not licensed for ${missing.join(' and ')}`;
}

export function visitorTypeBlock(book: VisitBook, links: Links, typeId: string): Record<string, unknown> {
  const type = book.visitorTypes.get(typeId);
  const group = book.accessGroups.get(typeId);
  return {
    href: links.href(`/api/divisions/${encodeURIComponent(type?.division ?? '')}/visitor_types/${encodeURIComponent(typeId)}`),
    accessGroup: { name: group?.name ?? typeId, href: accessGroupHref(links, typeId) },
  };
}

export function accessGroupHref(links: Links, id: string): string {
  return links.href(`/api/access_groups/${encodeURIComponent(id)}`);
}

/** The id an href names below `prefix` (one path segment), or undefined. */
export function idAfter(href: unknown, links: Links, prefix: string): string | undefined {
  if (typeof href !== 'string') return undefined;
  const base = links.href(prefix);
  if (!href.startsWith(base)) return undefined;
  const rest = href.slice(base.length);
  if (rest === '' || rest.includes('/') || rest.includes('?')) return undefined;
  try {
    return decodeURIComponent(rest);
  } catch {
    return undefined;
  }
}
