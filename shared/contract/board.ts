import { z } from 'zod';
import { ConnectionState, ItemLiveness, ItemStatus } from '../domain';
import { PackedBoardItem, PackedLiveness, PackedStatus, SHARED_PER_ITEM, SharedValues } from './board-packing';

/** A command on a board item, as the operator confirmed it in the override dialog. */
export const CommandRequest = z
  .object({
    /** The item's href as main gave it on the board; main refuses any href it did not get from the server. */
    href: z.string().min(1),
    /** A key of the item's `commands` map, e.g. `open`, `freeUntil`. */
    command: z.string().min(1),
    /** ISO 8601 end time, for the Until variants only. */
    endTime: z.string().optional(),
    /** Cardholder id the override is done on behalf of (`requested_by`). */
    requestedBy: z.string().min(1).optional(),
    /** For setZoneCount. */
    zoneCount: z.number().int().optional(),
  })
  .strict();
export type CommandRequest = z.infer<typeof CommandRequest>;

export const CommandOutcome = z.object({
  /** The server accepted the command (204). The board still changes only when the status says so. */
  accepted: z.literal(true),
});
export type CommandOutcome = z.infer<typeof CommandOutcome>;

/**
 * Most board items one event or one board.get answer carries: about a screen's worth (issue 10). A
 * site of 10,000 items reaches the renderer in 20 parts, never as one message it must parse at once.
 */
export const BOARD_PART_ITEMS = 500;

/** Which generation of the board a part belongs to, and where it sits: parts are numbered from 0. */
const PartPlace = {
  /** Bumped whenever main's list of board items changes; parts of different generations never mix. */
  generation: z.number().int().min(0),
  part: z.number().int().min(0),
  /** How many parts this generation has (an empty board is one part with no items). */
  parts: z.number().int().min(1),
};

/** A part's items, packed (board-packing.ts): what many of them share is written once, in `shared`. */
const PartItems = { shared: SharedValues.max(BOARD_PART_ITEMS * SHARED_PER_ITEM), items: z.array(PackedBoardItem).max(BOARD_PART_ITEMS) };

/** What main held of a part's items when it made the part: news after it comes as deltas. */
const PartNews = {
  statuses: z.array(PackedStatus).max(BOARD_PART_ITEMS),
  /** Those items that are not live; every other item with a status is. */
  liveness: z.array(PackedLiveness).default([]),
};

/**
 * One part of the board's items, with those items' statuses and liveness: the renderer builds the
 * next board aside and takes it in whole, in one step, once all parts came. A new board's statuses
 * travel inside it, not as deltas after it: at 50,000 items, 100 deltas taken in one by one after
 * the board cost the page half a second before the board was live.
 */
export const BoardItemsPart = z.object({ ...PartPlace, ...PartItems, ...PartNews });
export type BoardItemsPart = z.infer<typeof BoardItemsPart>;

/**
 * One page of the board: a part as board.items carries it, and the connection. The renderer asks for
 * part 0, then for the others; an answer of another generation means the board changed meanwhile and
 * the renderer starts again.
 */
export const BoardPage = BoardItemsPart.extend({ connection: ConnectionState });
export type BoardPage = z.infer<typeof BoardPage>;

export const BoardPageRequest = z
  .object({
    /** Which part of the current generation; part 0 when not given. */
    part: z.number().int().min(0).optional(),
  })
  .strict();

/** The live board and the commands on its items. */
export const boardCalls = {
  'board.get': { params: BoardPageRequest, result: BoardPage },
  'item.command': { params: CommandRequest, result: CommandOutcome },
} as const;

export const boardEvents = {
  /** The board's items in parts with their statuses and liveness, sent whenever the catalogue changes. */
  'board.items': BoardItemsPart,
  /** Latest statuses, coalesced: a lone change at once, a stream at most one batch per half frame, one entry per item. */
  'status.delta': z.array(ItemStatus),
  /** Items whose liveness changed (live → stale or back), coalesced like status deltas. */
  'status.liveness': z.array(ItemLiveness),
} as const;

/** Which site the desk talks to, and how that connection is going. */
export const siteCalls = {
  /** Connect to the configured site, the demo site, or whichever Settings chose (`auto`). */
  'site.connect': { params: z.object({ site: z.enum(['auto', 'configured', 'demo']) }).strict(), result: ConnectionState },
} as const;

export const siteEvents = {
  connection: ConnectionState,
} as const;
