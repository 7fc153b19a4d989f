import { createHash } from 'node:crypto';
import type { Operator } from '../auth/operator';
import type { Exchange } from '../http/exchange';
import type { Collection, ItemDefinition } from '../model/live-item';
import type { World } from '../model/world';
import { canView } from './access-rules';
import { parseFields, type FieldRequest } from './fields';
import type { Links } from './links';
import { textMatcher } from './name-match';

export interface SearchOptions {
  /** Day categories take no division (or description) parameters: only sort, top, name, fields. */
  divisionFilters: boolean;
  /** The caller has already narrowed the items by a call-specific privilege. */
  skipViewCheck?: boolean;
  /** Without `sort`, keep the order the items come in (the items controller: id order at every version). */
  keepOrderUnsorted?: boolean;
  /** How `name` matches an item, when not against its one name (cardholders: first, last, "last, first"). */
  matchName?: (pattern: string) => ((item: ItemDefinition) => boolean) | undefined;
}

export interface SearchPage<T> {
  results: T[];
  fields: FieldRequest | undefined;
  nextHref: string | undefined;
}

const SORTS = new Set(['id', 'name', '-id', '-name']);

/**
 * The common search parameters (sort, top, name, description, division, directDivision, fields,
 * pos) over a list of items, ANDed, then one page of the result and the `next` link.
 */
export function searchPage<T extends { def: ItemDefinition }>(
  exchange: Exchange,
  world: World,
  operator: Operator,
  collection: Collection,
  items: readonly T[],
  links: Links,
  options: SearchOptions = { divisionFilters: true },
): SearchPage<T> {
  const q = exchange.url.searchParams;
  const version = world.version;
  const filters: ((item: T) => boolean)[] = options.skipViewCheck
    ? []
    : [(item) => canView(operator, collection, item.def.division)];

  if (options.matchName) {
    const name = options.matchName(q.get('name') ?? '');
    if (name) filters.push((item) => name(item.def));
  } else {
    const name = textMatcher(q.get('name'), false);
    if (name) filters.push((item) => name(item.def.name));
  }
  if (version.atLeast('8.60') && options.divisionFilters) {
    const description = textMatcher(q.get('description'), true);
    if (description) filters.push((item) => description(item.def.description));
  }
  if (options.divisionFilters) {
    const division = q.get('division');
    if (division !== null) {
      const within = new Set<string>();
      for (const id of splitList(division)) for (const d of world.divisions.subtree(id)) within.add(d);
      filters.push((item) => item.def.division !== undefined && within.has(item.def.division));
    }
    const direct = version.atLeast('9.20') ? q.get('directDivision') : null;
    if (direct !== null) {
      const ids = new Set(splitList(direct));
      filters.push((item) => item.def.division !== undefined && ids.has(item.def.division));
    }
  }

  const matched = items.filter((item) => filters.every((f) => f(item)));
  const ordered = order(matched, q.get('sort'), version.atLeast('9.30') && !options.keepOrderUnsorted);
  const top = pageSize(q.get('top'), version.atLeast('8.70') ? 1000 : 100);
  const pos = Math.max(0, Number.parseInt(q.get('pos') ?? '0', 10) || 0);
  const results = ordered.slice(pos, pos + top);

  let nextHref: string | undefined;
  if (pos + top < ordered.length) {
    const next = new URLSearchParams(q);
    next.set('pos', String(pos + top));
    nextHref = links.href(`${exchange.url.pathname}?${next.toString()}`);
  }
  return { results, fields: parseFields(q.get('fields')), nextHref };
}

function splitList(value: string): string[] {
  return value.split(',').map((s) => s.trim()).filter(Boolean);
}

/** `top` below 1 or not an integer is ignored (the default applies): a "not shown" choice. */
function pageSize(param: string | null, fallback: number): number {
  if (param === null || !/^\d+$/.test(param)) return fallback;
  const n = Number(param);
  return n >= 1 ? n : fallback;
}

/**
 * Sorting by id or name (minus reverses); unknown values are ignored. Without a sort, 9.20 and
 * earlier list items in site order; from 9.30 the order is unspecified, which the simulator makes
 * visible by ordering on a hash of the id.
 */
function order<T extends { def: ItemDefinition }>(items: T[], sort: string | null, scrambled: boolean): T[] {
  const copy = [...items];
  const key = sort && SORTS.has(sort) ? sort : undefined;
  if (!key) {
    if (scrambled) copy.sort((a, b) => cmp(scramble(a.def.id), scramble(b.def.id)));
    return copy;
  }
  const field = key.replace('-', '') as 'id' | 'name';
  copy.sort((a, b) => cmp(a.def[field], b.def[field]) || cmp(a.def.id, b.def.id));
  if (key.startsWith('-')) copy.reverse();
  return copy;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function scramble(id: string): string {
  return createHash('md5').update(id).digest('hex');
}
