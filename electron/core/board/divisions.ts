import { z } from 'zod';
import { divisionListHref, listDivisions, type DivisionSummary } from '../api/divisions';
import type { Discovery } from '../api/discovery';
import type { Transport } from '../api/transport';

/** What the board needs of a division's own answer: its name. */
const DivisionAnswer = z.object({ name: z.string().min(1) });

export interface DivisionRef {
  href: string;
  id?: string;
}

/**
 * Division names for the board and the pickers, kept for the session. Where `/api` links the server's
 * division list, one list names them all; otherwise (older servers), or for a division the list left
 * out, each division's href is followed once: items give only `{href}` (sometimes an id), and operators
 * filter by name. A division that cannot be read (no privilege, a malformed answer) is named by its id,
 * or the last part of its href, and not asked again in this session.
 */
export class DivisionNames {
  private readonly names = new Map<string, Promise<string | undefined>>();
  private list: Promise<DivisionSummary[] | undefined> | undefined;

  constructor(private readonly transport: Transport) {}

  /**
   * The server's division list, read once per session where discovery links it (undefined where it
   * does not, or the read failed: names then come one by one). A failed read is tried again next time.
   */
  async serverList(discovery: Discovery): Promise<DivisionSummary[] | undefined> {
    if (!divisionListHref(discovery)) return undefined;
    this.list ??= listDivisions(this.transport, discovery).then(
      (divisions) => {
        for (const d of divisions) this.names.set(d.href, Promise.resolve(d.name));
        return divisions;
      },
      () => {
        this.list = undefined;
        return undefined;
      },
    );
    return this.list;
  }

  /** The division's name as the server gives it, or undefined when it gave none. */
  name(division: DivisionRef): Promise<string | undefined> {
    let held = this.names.get(division.href);
    if (!held) {
      held = this.transport
        .getJson(division.href, DivisionAnswer, 'Division name')
        .then((answer) => answer.name)
        .catch(() => undefined);
      this.names.set(division.href, held);
    }
    return held;
  }

  /** Names for every distinct division among `divisions`, keyed by href: from the list where linked, the rest side by side. */
  async namesOf(divisions: readonly DivisionRef[], discovery?: Discovery): Promise<Map<string, string>> {
    if (discovery) await this.serverList(discovery);
    const distinct = new Map(divisions.map((d) => [d.href, d]));
    const named = await Promise.all([...distinct.values()].map(async (d) => [d.href, (await this.name(d)) ?? fallbackName(d)] as const));
    return new Map(named);
  }
}

// One cache of division names per transport (a site session's), so a reload does not ask again.
const divisionNames = new WeakMap<object, DivisionNames>();

/** The session's division names (one per transport). */
export function divisionNamesFor(transport: Transport): DivisionNames {
  let names = divisionNames.get(transport);
  if (!names) divisionNames.set(transport, (names = new DivisionNames(transport)));
  return names;
}

/** A division's id, or the last segment of its href, when the server gave no name. */
export function fallbackName(division: DivisionRef): string {
  if (division.id) return division.id;
  const path = division.href.split('?')[0]!.replace(/\/+$/, '');
  return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)) || division.href;
}
