import { z } from 'zod';
import { DeskError } from '../../../shared/errors';
import type { Discovery } from './discovery';
import { CARDHOLDERS_LINK, linkFor } from './features';
import { Link, searchPage } from './schemas';
import type { Transport } from './transport';

/**
 * cc_rest.yaml CardholderSummary, plus `division` (asked for with `fields`). A cardholder needs only a
 * first or a last name, so both are optional.
 */
export const CardholderSummary = z.object({
  href: z.string(),
  id: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  division: Link.optional(),
});
export type CardholderSummary = z.infer<typeof CardholderSummary>;

/** `href` and `id` named, as from 8.10 `fields` returns only what it lists. */
const FIELDS = 'href,id,firstName,lastName,division';

export interface CardholderSearchOptions {
  /** At most this many cardholders come back (one page of `top`); `more` says whether others matched. */
  limit: number;
  signal?: AbortSignal;
}

/**
 * Cardholders whose first name, last name or "lastName, firstName" holds `name` (the server's rule,
 * case-insensitive), sorted by name, at most `limit` of them: one page, never the whole database. The
 * empty name is refused before sending (the server leaves `name=` undefined). To know whether more
 * matched, one more than `limit` is asked for.
 */
export async function searchCardholders(
  transport: Transport,
  discovery: Discovery,
  name: string,
  options: CardholderSearchOptions,
): Promise<{ matches: CardholderSummary[]; more: boolean }> {
  const what = 'Cardholder search';
  const href = linkFor(discovery, ...CARDHOLDERS_LINK);
  if (!href) throw new DeskError('licence', `${what}: this server offers no cardholder calls (needs the RESTCardholders licence)`);
  const typed = name.trim();
  if (!typed) throw new DeskError('bad-request', `${what}: type at least one letter of the name`);
  if (!Number.isInteger(options.limit) || options.limit < 1) throw new DeskError('bad-request', `${what}: the limit must be a whole number of 1 or more`);
  const page = await transport.getJson(href, searchPage(CardholderSummary), what, {
    query: { name: typed, sort: 'name', top: options.limit + 1, fields: FIELDS },
    signal: options.signal,
  });
  return { matches: page.results.slice(0, options.limit), more: page.results.length > options.limit || page.next !== undefined };
}

/** "First Last", or whichever the cardholder has. */
export function displayName(c: Pick<CardholderSummary, 'firstName' | 'lastName'>): string {
  return [c.firstName, c.lastName].filter((n) => n && n.trim()).join(' ') || '(no name)';
}
