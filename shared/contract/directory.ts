import { z } from 'zod';
import { none } from './none';

/** Most cardholders one search shows: the picker asks the operator to type more beyond that. */
export const CARDHOLDER_SEARCH_LIMIT = 20;

/** A division by name: where a new cardholder goes, what the board's division filter names. */
export const DivisionEntry = z.object({
  href: z.string(),
  name: z.string(),
  /** The parent's name, to tell apart two divisions of the same name. */
  parentName: z.string().optional(),
});
export type DivisionEntry = z.infer<typeof DivisionEntry>;

export const DivisionList = z.object({
  divisions: z.array(DivisionEntry),
  /**
   * `server`: the server's own division list (`features.divisions.divisions`, 9.30+), every division the
   * desk's operator holds a privilege in. `board`: the server links no list, so these are the divisions of
   * the items on the board, each read by its own href.
   */
  source: z.enum(['server', 'board']),
});
export type DivisionList = z.infer<typeof DivisionList>;

/** A cardholder as a search shows it: enough to pick the right person, and the id/href to act on. */
export const CardholderMatch = z.object({
  href: z.string(),
  /** The server's id: what `requested_by` names. */
  id: z.string(),
  /** "First Last", as the desk shows a person. */
  name: z.string(),
  divisionName: z.string().optional(),
});
export type CardholderMatch = z.infer<typeof CardholderMatch>;

export const CardholderSearchResult = z.object({
  matches: z.array(CardholderMatch),
  /** More cardholders matched than are shown: the operator types more of the name. */
  more: z.boolean(),
});
export type CardholderSearchResult = z.infer<typeof CardholderSearchResult>;

/**
 * Divisions and cardholders by name, read live from the open site (never cached for later: a search
 * while offline is refused). The empty name is refused here, as the server leaves `name=` undefined.
 */
export const directoryCalls = {
  'divisions.list': { params: none, result: DivisionList },
  'cardholders.search': {
    params: z
      .object({ name: z.string().trim().min(1, 'type at least one letter of the name').max(100, 'a name is at most 100 letters') })
      .strict(),
    result: CardholderSearchResult,
  },
} as const;
