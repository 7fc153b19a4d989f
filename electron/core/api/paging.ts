import type { z } from 'zod';
import type { QueryValue } from './links';
import { searchPage } from './schemas';
import type { Transport } from './transport';
import { SearchTrail } from './search-trail';

export interface SearchOptions {
  /** Documented search parameters (sort, top, name, division, fields, …). */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
}

/**
 * Every item of a search, page by page through `next`. Sorted by id unless told otherwise: docs/server-interface.md §Collections
 * says that avoids missing or duplicated items when another operator edits during paging.
 * Only the first request carries our parameters; `next` hrefs already hold what the server needs.
 */
export async function* searchAll<T extends z.ZodType>(
  transport: Transport,
  href: string,
  item: T,
  what: string,
  options: SearchOptions = {},
): AsyncGenerator<z.infer<T>> {
  const schema = searchPage(item);
  const trail = new SearchTrail(what, transport.limits);
  let page = await transport.getJson(href, schema, what, {
    query: { sort: 'id', ...options.query },
    signal: options.signal,
  });
  for (;;) {
    trail.took(page.results.length);
    yield* page.results;
    if (!page.next) return;
    page = await transport.getJson(trail.follow(page.next.href), schema, what, { signal: options.signal });
  }
}
