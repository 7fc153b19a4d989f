import type { Operator } from '../auth/operator';
import type { Exchange } from '../http/exchange';
import type { World } from '../model/world';
import { canView, getLicenceRefusal } from './access-rules';
import { parseFields, selectFields } from './fields';
import type { Links } from './links';
import { searchPage } from './search';

const FIELDS = ['href', 'name', 'description', 'notes'];
/** The search's default fields: description and notes are "not in the default field set" (cc_rest.yaml: /api/day_categories). */
const SEARCH_DEFAULTS = ['href', 'name'];

/**
 * Day categories (8.50+): search with sort, top, name, fields only (no divisions: they have none),
 * visible to operators holding a viewing privilege in any division; 403 without any REST licence.
 * A day category's href answers the whole Day category object (ref/rest.html: "Day category", whose
 * example shows name, href, description and notes), not the search's default subset of it.
 */
export function serveDayCategories(exchange: Exchange, world: World, links: Links, operator: Operator, rest: string[]): void {
  if (world.version.before('8.50')) return exchange.error(404, 'Not found');
  if (exchange.method !== 'GET') return exchange.error(405, 'Method not allowed');
  const refusal = getLicenceRefusal(world, 'day_categories');
  if (refusal) return exchange.error(403, refusal);
  const items = world.site.dayCategories.map((def) => ({ def }));
  const represent = (def: (typeof world.site.dayCategories)[number], defaults: string[], fields = parseFields(exchange.url.searchParams.get('fields'))) =>
    selectFields(
      {
        href: () => links.href(`/api/day_categories/${encodeURIComponent(def.id)}`),
        name: () => def.name,
        description: () => def.description,
        notes: () => def.notes,
      },
      defaults,
      fields,
      world.version,
    );
  if (rest.length === 0) {
    const page = searchPage(exchange, world, operator, 'day_categories', items, links, { divisionFilters: false });
    const results = page.results.map((item) => represent(item.def, SEARCH_DEFAULTS, page.fields));
    return exchange.json(200, page.nextHref ? { results, next: { href: page.nextHref } } : { results });
  }
  const found = rest.length === 1 ? world.site.dayCategories.find((d) => d.id === rest[0]) : undefined;
  if (!found || !canView(operator, 'day_categories', undefined)) return exchange.error(404, 'Not found');
  exchange.json(200, represent(found, FIELDS));
}
