import { z } from 'zod';
import { DeskError } from '../../../shared/errors';
import type { Discovery } from './discovery';
import { linkFor } from './features';
import { searchAll } from './paging';
import { Link } from './schemas';
import type { Transport } from './transport';

/** Where `/api` links the server's division list (9.30+ on the simulator; cc_rest.yaml, Divisions). */
export const DIVISIONS_LINK = ['divisions.divisions'];
/**
 * Lists that name divisions for the board: the server's list, else the events' or the alarms' (the
 * divisions the operator sees events or alarms in; rest_training.adoc's GET /api example links them at
 * events.divisions and alarms.divisions on every version with RESTEvents).
 */
export const DIVISION_NAME_LINKS = [...DIVISIONS_LINK, 'events.divisions', 'alarms.divisions'];

/** cc_rest.yaml Division: href, id, name, parent (absent on the root). */
export const DivisionSummary = z.object({
  href: z.string(),
  id: z.string().optional(),
  name: z.string().min(1),
  parent: Link.optional(),
});
export type DivisionSummary = z.infer<typeof DivisionSummary>;

/** The fields the desk asks for; `description` (8.50) is left out, as nothing shows it. */
const FIELDS = 'href,id,name,parent';

/** The server's division list link, or undefined when it links none (older servers). */
export function divisionListHref(discovery: Discovery): string | undefined {
  return linkFor(discovery, ...DIVISIONS_LINK);
}

/** A list that names divisions (the server's, else the events' or alarms'), or undefined when `/api` links none. */
export function divisionNamesHref(discovery: Discovery): string | undefined {
  return linkFor(discovery, ...DIVISION_NAME_LINKS);
}

/**
 * Every division the server lists for this operator (those it holds a privilege in), page by page;
 * `href` another list of divisions (the events'). Refused with a licence error when the server links
 * no list: callers fall back to reading each division's own href.
 */
export async function listDivisions(transport: Transport, discovery: Discovery, signal?: AbortSignal, href = divisionListHref(discovery)): Promise<DivisionSummary[]> {
  if (!href) throw new DeskError('licence', `This server lists no divisions (version ${discovery.version} links no division list)`);
  const found: DivisionSummary[] = [];
  for await (const d of searchAll(transport, href, DivisionSummary, 'Divisions', { query: { fields: FIELDS }, signal })) found.push(d);
  return found;
}

/** Division names by href, from one list (the board and the pickers name divisions this way). */
export function namesByHref(divisions: readonly DivisionSummary[]): Map<string, string> {
  return new Map(divisions.map((d) => [d.href, d.name]));
}
