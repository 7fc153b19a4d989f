import { z } from 'zod';
import type { Transport } from '../api/transport';

/** What the board needs of a division's own answer: its name. */
const DivisionAnswer = z.object({ name: z.string().min(1) });

export interface DivisionRef {
  href: string;
  id?: string;
}

/**
 * Division names for the board, following each division's href once and keeping the answer: items
 * give only `{href}` (sometimes an id), and operators filter by name. A division that cannot be read
 * (no privilege, an older server, a malformed answer) is named by its id, or the last part of its href,
 * and not asked again in this session.
 */
export class DivisionNames {
  private readonly names = new Map<string, Promise<string | undefined>>();

  constructor(private readonly transport: Pick<Transport, 'getJson'>) {}

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

  /** Names for every distinct division among `divisions`, fetched side by side, keyed by href. */
  async namesOf(divisions: readonly DivisionRef[]): Promise<Map<string, string>> {
    const distinct = new Map(divisions.map((d) => [d.href, d]));
    const named = await Promise.all([...distinct.values()].map(async (d) => [d.href, (await this.name(d)) ?? fallbackName(d)] as const));
    return new Map(named);
  }
}

/** A division's id, or the last segment of its href, when the server gave no name. */
export function fallbackName(division: DivisionRef): string {
  if (division.id) return division.id;
  const path = division.href.split('?')[0]!.replace(/\/+$/, '');
  return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)) || division.href;
}
