import { CARDHOLDER_SEARCH_LIMIT, type CardholderMatch, type directoryCalls, type DivisionEntry, type DivisionList } from '../../../shared/contract/directory';
import type { DivisionChoice } from '../../../shared/contract/enrolment';
import { DeskError } from '../../../shared/errors';
import { displayName, searchCardholders } from '../api/cardholder-search';
import type { DivisionSummary } from '../api/divisions';
import { divisionNamesFor } from '../board/divisions';
import type { SiteSession } from '../site-session';
import type { HandlerTable } from './handler-table';

export interface DirectoryOptions {
  session: () => SiteSession;
  /** The divisions of the board's items, by name (the fallback where the server lists none, and offline). */
  boardDivisions: () => DivisionChoice[];
  /** Told every division list given out, so an enrolment's words can name the division picked from it. */
  listed?: (divisions: readonly DivisionEntry[]) => void;
  /** Told every cardholder a search gave out, so the audit log can name who an override was requested by. */
  found?: (matches: readonly CardholderMatch[]) => void;
}

/** Divisions and cardholders by name (shared/contract/directory.ts), read through the open site's connection. */
export function directoryHandlers(options: DirectoryOptions): HandlerTable<keyof typeof directoryCalls> {
  return {
    'divisions.list': async () => {
      const list = await divisionList(options);
      options.listed?.(list.divisions);
      return list;
    },
    'cardholders.search': ({ name }) =>
      options.session().read(async (transport, discovery) => {
        const names = divisionNamesFor(transport);
        const found = await searchCardholders(transport, discovery, name, { limit: CARDHOLDER_SEARCH_LIMIT });
        const divisions = await names.namesOf(
          found.matches.flatMap((c) => (c.division ? [c.division] : [])),
          discovery,
        );
        const matches = found.matches.map((c) => ({
          href: c.href,
          id: c.id,
          name: displayName(c),
          ...(c.division ? { divisionName: divisions.get(c.division.href) } : {}),
        }));
        options.found?.(matches);
        return { matches, more: found.more };
      }),
  };
}

/** The server's list where it links one; else (or offline, where enrolments still queue) the board's divisions. */
async function divisionList(options: DirectoryOptions): Promise<DivisionList> {
  const board = (): DivisionList => ({ source: 'board', divisions: options.boardDivisions() });
  let listed: DivisionSummary[] | undefined;
  try {
    listed = await options.session().read((transport, discovery) => divisionNamesFor(transport).serverList(discovery));
  } catch (err) {
    if (err instanceof DeskError && err.code === 'offline') return board();
    throw err;
  }
  if (!listed) return board();
  const byHref = new Map(listed.map((d) => [d.href, d.name]));
  const divisions = listed
    .map((d) => ({ href: d.href, name: d.name, ...(d.parent && byHref.has(d.parent.href) ? { parentName: byHref.get(d.parent.href) } : {}) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { source: 'server', divisions };
}
