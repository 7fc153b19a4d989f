import type { Operator } from '../auth/operator';
import type { World } from '../model/world';
import type { VisitBook } from '../visits/visit-book';
import type { Links } from './links';
import { accessGroupHref, VIEW_RECEPTIONS, VISITS_SINCE, visitorTypeBlock } from './visit-rules';

/**
 * A division's `visitorManagement` block (cc_rest.yaml Division, 8.50; only when asked for with
 * `fields` and seen with the privileges receptions need): whether the division has its own
 * configuration and, when it has, its visitor types with their host and visitor access groups.
 */
export function visitorManagementBlock(divisionId: string, world: World, links: Links, operator: Operator, book: VisitBook): unknown {
  if (world.version.before(VISITS_SINCE) || !operator.can(VIEW_RECEPTIONS, divisionId)) return undefined;
  const types = book.typesOf(divisionId);
  if (types.length === 0) return { active: false };
  const group = (id: string) => ({ accessGroup: { name: book.accessGroups.get(id)?.name ?? id, href: accessGroupHref(links, id) } });
  return {
    active: true,
    visitorTypes: types.map((t) => ({
      ...visitorTypeBlock(book, links, t.accessGroup),
      hostAccessGroups: t.hostAccessGroups.map(group),
      visitorAccessGroups: t.visitorAccessGroups.map(group),
    })),
  };
}
