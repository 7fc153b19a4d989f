import { DeskError } from '../../../shared/errors';
import type { Discovery } from './discovery';
import { collectionHref, linkFor, LOCATION_LINK, PASSENGER_LINK } from './features';
import { LocationZonesPage, type AccessZone, type PassengerElevatorGroup } from './item-schemas';
import { ITEM_TYPES, PASSENGER_ELEVATOR_GROUPS, type ItemOf, type ItemTypeKey } from './item-types';
import { searchAll } from './paging';
import { fieldList, searchQuery, type SearchParams } from './search-query';
import type { Transport } from './transport';
import { SearchTrail } from './search-trail';

export interface CallOptions {
  signal?: AbortSignal;
}

/**
 * Every item of one type matching `params`, as one async iterator over the server's `next` pages,
 * sorted by id unless told otherwise. Parameters are checked before anything is sent.
 */
export function searchItems<K extends ItemTypeKey>(
  transport: Transport,
  discovery: Discovery,
  key: K,
  params: SearchParams = {},
  options: CallOptions = {},
): AsyncGenerator<ItemOf<K>> {
  const type = ITEM_TYPES[key];
  const what = `${type.label} search`;
  const query = searchQuery(type, discovery, params, what);
  const href = collectionHref(discovery, key);
  return searchAll(transport, href, type.schema, what, { query, signal: options.signal }) as AsyncGenerator<ItemOf<K>>;
}

/** One item's detail from an href the server gave (a summary's `href`), with an optional field selection. */
export async function getItem<K extends ItemTypeKey>(
  transport: Transport,
  key: K,
  href: string,
  params: { fields?: readonly string[] } = {},
  options: CallOptions = {},
): Promise<ItemOf<K>> {
  const type = ITEM_TYPES[key];
  const what = `${type.label} detail`;
  const query = params.fields ? { fields: fieldList(type, params.fields, what) } : {};
  return (await transport.getJson(href, type.schema, what, { query, signal: options.signal })) as ItemOf<K>;
}

/** Every item of a search collected into an array, for callers that need them all at once. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/** Elevator groups usable in cardholders' default floors (modify_passenger_details; RESTCardholders). */
export function searchPassengerElevatorGroups(
  transport: Transport,
  discovery: Discovery,
  params: SearchParams = {},
  options: CallOptions = {},
): AsyncGenerator<PassengerElevatorGroup> {
  const what = 'Elevator group search (passenger details)';
  const href = linkFor(discovery, ...PASSENGER_LINK);
  if (!href) throw new DeskError('licence', `${what}: this server does not offer it (needs the RESTCardholders licence)`);
  const query = searchQuery(PASSENGER_ELEVATOR_GROUPS, discovery, params, what);
  return searchAll(transport, href, PASSENGER_ELEVATOR_GROUPS.schema, what, { query, signal: options.signal });
}

export interface LocationZones {
  zones: AccessZone[];
  /** Target zone that removes a cardholder from every access zone. */
  outsideOfSystem?: string;
}

/**
 * Access zones a cardholder's location may be set to (update_cardholder_location, 8.20). An empty list
 * means the operator has the 'Manage Cardholder Location' privilege in no division.
 */
export async function cardholderLocationZones(
  transport: Transport,
  discovery: Discovery,
  params: SearchParams = {},
  options: CallOptions = {},
): Promise<LocationZones> {
  const what = 'Access zone search (cardholder location)';
  const href = linkFor(discovery, ...LOCATION_LINK);
  if (!href) throw new DeskError('licence', `${what}: this server does not offer it (needs 8.20 and the RESTCardholders licence)`);
  const query = searchQuery(ITEM_TYPES.accessZone, discovery, params, what);
  const result: LocationZones = { zones: [] };
  const trail = new SearchTrail(what, transport.limits);
  let page = await transport.getJson(href, LocationZonesPage, what, { query, signal: options.signal });
  for (;;) {
    trail.took(page.results.length);
    result.zones.push(...page.results);
    result.outsideOfSystem ??= page.outsideOfSystem?.href;
    if (!page.next) return result;
    page = await transport.getJson(trail.follow(page.next.href), LocationZonesPage, what, { signal: options.signal });
  }
}
