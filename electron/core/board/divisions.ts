import { z } from 'zod';
import { divisionListHref, divisionNamesHref, listDivisions, type DivisionSummary } from '../api/divisions';
import type { Discovery } from '../api/discovery';
import type { Transport } from '../api/transport';

/** What the board needs of a division's own answer: its name. */
const DivisionAnswer = z.object({ name: z.string().min(1), id: z.string().optional() });

export interface DivisionRef {
  href: string;
  id?: string;
}

/**
 * Division names for the board and the pickers, kept for the session, by id and by href. Items give
 * a division's id beside its href (a real server does; cc_rest.yaml: ItemDetail.division), so a name
 * learnt from a list is found by id whatever form the item's href takes. One list names them all where
 * `/api` links one: the server's division list (9.30+), else the events' or alarms' (every version with
 * RESTEvents). A division no list named is read once from its href; one that cannot be read (no
 * privilege, a malformed answer) is named by its id, or the last part of its href, and not asked again
 * in this session.
 */
export class DivisionNames {
  private readonly names = new Map<string, Promise<string | undefined>>();
  private readonly byId = new Map<string, string>();
  private readonly lists = new Map<string, Promise<DivisionSummary[] | undefined>>();

  constructor(private readonly transport: Transport) {}

  /**
   * The server's division list (the divisions the operator holds a privilege in: the pickers' choices),
   * read once per session where discovery links it; undefined where it does not, or the read failed.
   */
  serverList(discovery: Discovery): Promise<DivisionSummary[] | undefined> {
    return this.read(discovery, divisionListHref(discovery));
  }

  /** The divisions one list names (the server's, else the events' or alarms'): what names the board. */
  namingList(discovery: Discovery): Promise<DivisionSummary[] | undefined> {
    return this.read(discovery, divisionNamesHref(discovery));
  }

  /** The division's name as the server gives it, or undefined when it gave none. */
  name(division: DivisionRef): Promise<string | undefined> {
    const known = division.id !== undefined ? this.byId.get(division.id) : undefined;
    if (known !== undefined) return Promise.resolve(known);
    let held = this.names.get(division.href);
    if (!held) {
      held = this.transport
        .getJson(division.href, DivisionAnswer, 'Division name')
        .then((answer) => {
          if (answer.id !== undefined) this.byId.set(answer.id, answer.name);
          return answer.name;
        })
        .catch(() => undefined);
      this.names.set(division.href, held);
    }
    return held;
  }

  /** Names for every distinct division among `divisions`, keyed by href: from one list where linked, the rest side by side. */
  async namesOf(divisions: readonly DivisionRef[], discovery?: Discovery): Promise<Map<string, string>> {
    if (discovery) await this.namingList(discovery);
    const distinct = new Map(divisions.map((d) => [d.href, d]));
    const named = await Promise.all([...distinct.values()].map(async (d) => [d.href, (await this.name(d)) ?? fallbackName(d)] as const));
    return new Map(named);
  }

  /** One list, read once per session (a failed read is tried again next time); each division it gives is named by href and id. */
  private read(discovery: Discovery, href: string | undefined): Promise<DivisionSummary[] | undefined> {
    if (!href) return Promise.resolve(undefined);
    let list = this.lists.get(href);
    if (!list) {
      list = listDivisions(this.transport, discovery, undefined, href).then(
        (divisions) => {
          for (const d of divisions) {
            this.names.set(d.href, Promise.resolve(d.name));
            if (d.id !== undefined) this.byId.set(d.id, d.name);
          }
          return divisions;
        },
        () => {
          this.lists.delete(href);
          return undefined;
        },
      );
      this.lists.set(href, list);
    }
    return list;
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
