import { z } from 'zod';
import { BoardItem, BoardSnapshot, ConnectionState, ItemLiveness, ItemStatus } from '../domain';
import { none } from './none';

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

/** The live board and the commands on its items. */
export const boardCalls = {
  'board.get': { params: none, result: BoardSnapshot },
  'item.command': { params: CommandRequest, result: CommandOutcome },
} as const;

export const boardEvents = {
  /** The whole list of board items, sent whenever the catalogue changes. */
  'board.items': z.array(BoardItem),
  /** Latest statuses, coalesced: at most one batch per frame, one entry per item. */
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
