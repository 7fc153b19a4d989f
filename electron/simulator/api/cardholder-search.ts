import type { Operator } from '../auth/operator';
import type { CardStore, StoredCardholder } from '../cardholders/card-store';
import type { Exchange } from '../http/exchange';
import type { World } from '../model/world';
import { selectFields } from './fields';
import type { Links } from './links';
import { textMatcher } from './name-match';
import { searchPage } from './search';
import { inAccessZones, peopleSearchFields } from './cardholder-people';
import type { PeopleContext } from './visit-rules';

/** Who may see a cardholder (docs/server-endpoints.md §Cardholder and PIV card endpoints). */
export const VIEW_CARDHOLDERS = ['View Cardholders', 'Edit Cardholders', 'Modify Cardholders'];

/** cc_rest.yaml CardholderSummary: what a search result carries without `fields`. */
const SUMMARY_FIELDS = ['href', 'id', 'firstName', 'lastName', 'shortName', 'description', 'authorised'];
/** What `fields` may add from the detail; the PIV cards stay on the cardholder's own href. */
const SELECTABLE = [...SUMMARY_FIELDS, 'division'];

/**
 * `GET /api/cardholders` (the vendor's "Search cardholders"): the cardholders in divisions where the
 * operator may view cardholders (others are left out silently, as every search does), filtered by
 * `name` (first name, last name, or "lastName, firstName"; `%` anchors the pattern at both ends),
 * `description` (8.60), `division` and `directDivision` (9.20), sorted and paged like every search.
 */
export function searchCardholders(
  exchange: Exchange,
  store: CardStore,
  world: World,
  links: Links,
  operator: Operator,
  people?: PeopleContext,
): void {
  const inZones = people ? inAccessZones(exchange.url.searchParams.get('accessZone'), people) : undefined;
  const visible = [...store.cardholders.values()].filter((h) => operator.can(VIEW_CARDHOLDERS, h.division) && (inZones?.(h.id) ?? true));
  const page = searchPage(
    exchange,
    world,
    operator,
    'access_zones', // unused: the view check is the cardholder privilege above
    visible.map((holder) => ({ def: { id: holder.id, name: sortName(holder), description: holder.description, division: holder.division }, holder })),
    links,
    { divisionFilters: true, skipViewCheck: true, matchName: cardholderNameMatcher },
  );
  const results = page.results.map(({ holder }) => {
    const summary = representSummary(holder, page.fields, world, links);
    return people ? { ...summary, ...peopleSearchFields(holder, page.fields, people, world, links, store) } : summary;
  });
  exchange.json(200, page.nextHref ? { results, next: { href: page.nextHref } } : { results });
}

/** The vendor's cardholder `name` rule: any of first name, last name and "lastName, firstName" matches. */
function cardholderNameMatcher(pattern: string): ((def: { name: string }) => boolean) | undefined {
  const match = textMatcher(pattern === '' ? null : pattern, true);
  if (!match) return undefined;
  return (def) => {
    const [last, first] = splitSortName(def.name);
    return match(first) || match(last) || match(def.name);
  };
}

// The sort key doubles as the "lastName, firstName" form the name search matches against.
const SEPARATOR = ', ';

function sortName(holder: StoredCardholder): string {
  return `${holder.lastName ?? ''}${SEPARATOR}${holder.firstName ?? ''}`;
}

function splitSortName(name: string): [string | undefined, string | undefined] {
  const at = name.indexOf(SEPARATOR);
  const last = name.slice(0, at);
  const first = name.slice(at + SEPARATOR.length);
  return [last || undefined, first || undefined];
}

function representSummary(
  holder: StoredCardholder,
  fields: ReturnType<typeof searchPage>['fields'],
  world: World,
  links: Links,
): Record<string, unknown> {
  const source = {
    href: () => links.cardholder(holder.id),
    id: () => holder.id,
    firstName: () => holder.firstName,
    lastName: () => holder.lastName,
    shortName: () => holder.shortName,
    description: () => holder.description,
    authorised: () => holder.authorised,
    division: () => links.divisionRef(holder.division),
  };
  return selectFields(source, SUMMARY_FIELDS, fields, world.version, SELECTABLE);
}
