import { DeskError } from '../../../shared/errors';
import { versionAtLeast } from '../../../shared/version';
import { ANSWER_LIMITS } from './answer-limits';
import type { Discovery } from './discovery';
import type { ItemType } from './item-types';
import type { QueryValue } from './links';

export type SortOrder = 'id' | 'name' | '-id' | '-name';

/** The documented search parameters (pos and skip are the server's own and never sent). */
export interface SearchParams {
  /** Default `id`: the defence against page drift (docs/server-interface.md §Collections), and faster `next` pages. */
  sort?: SortOrder;
  /** Items per page, an integer ≥ 1. */
  top?: number;
  /** Case-insensitive; `%` any substring, `_` one character; wrap in double quotes for an exact match. */
  name?: string;
  /** Same matching as name (8.60). */
  description?: string;
  /** Division ids (not URLs): items in these divisions or below. */
  division?: readonly string[];
  /** Division ids: items directly in these divisions only (9.20). */
  directDivision?: readonly string[];
  /** Field names to return; `defaults` adds the default fields. href/id/name are always added. */
  fields?: readonly string[];
}

const DIVISION_ID = /^[A-Za-z0-9_.~-]+$/;

function refuse(what: string, reason: string): never {
  throw new DeskError('bad-request', `${what}: ${reason}`);
}

/**
 * Turns typed search parameters into the query docs/server-interface.md §Collections documents, refusing before sending anything
 * the interface calls undefined or the server's version does not know (it would silently ignore them and
 * return more than was asked for).
 */
export function searchQuery(type: ItemType, discovery: Discovery, params: SearchParams, what: string): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = { sort: params.sort ?? 'id' };
  if (params.top !== undefined) {
    if (!Number.isInteger(params.top) || params.top < 1) refuse(what, `top must be a whole number of 1 or more, not ${params.top}`);
    // A bigger page would be refused when it came back (answer-limits.ts): say so before asking.
    if (params.top > ANSWER_LIMITS.entries) refuse(what, `top must be at most ${ANSWER_LIMITS.entries}, not ${params.top}`);
    query.top = params.top;
  }
  if (params.name !== undefined) {
    if (params.name === '') refuse(what, 'an empty name search is undefined by the server; leave it out to match every name');
    query.name = params.name;
  }
  if (params.description !== undefined) {
    if (!type.divisionFilters) refuse(what, `${type.label} search takes no description filter`);
    if (!versionAtLeast(discovery.version, '8.60')) refuse(what, `search by description needs server 8.60 or later (this is ${discovery.version})`);
    if (params.description === '') refuse(what, 'an empty description search is undefined by the server');
    query.description = params.description;
  }
  if (params.division !== undefined) query.division = divisionList(type, params.division, 'division', what);
  if (params.directDivision !== undefined) {
    if (!versionAtLeast(discovery.version, '9.20')) refuse(what, `directDivision needs server 9.20 or later (this is ${discovery.version})`);
    query.directDivision = divisionList(type, params.directDivision, 'directDivision', what);
  }
  if (params.fields !== undefined) query.fields = fieldList(type, params.fields, what);
  return query;
}

function divisionList(type: ItemType, ids: readonly string[], name: string, what: string): string {
  if (!type.divisionFilters) refuse(what, `${type.label} search takes no ${name} filter`);
  if (ids.length === 0) refuse(what, `${name} needs at least one division id`);
  for (const id of ids) {
    if (!DIVISION_ID.test(id)) refuse(what, `${name} takes division ids (short alphanumeric strings), not "${id.slice(0, 60)}"`);
  }
  return ids.join(',');
}

/**
 * Checks field names against the type's selectable fields (they are case-sensitive, and a misspelt one
 * would silently be missing from every answer) and adds the identity fields the schemas need.
 */
export function fieldList(type: ItemType, fields: readonly string[], what: string): string {
  const unknown = fields.filter((f) => f !== 'defaults' && !type.fields.includes(f));
  if (unknown.length > 0) {
    refuse(what, `${type.label} has no field ${unknown.map((f) => `"${f}"`).join(', ')} (fields are case-sensitive)`);
  }
  const all = [...type.identity.filter((f) => !fields.includes(f)), ...fields];
  return all.join(',');
}
