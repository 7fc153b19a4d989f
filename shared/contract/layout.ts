import { z } from 'zod';
import { none } from './none';

/** The key of the board's own group of pinned items (floor groups use FloorPlace keys). */
export const PINNED_GROUP = 'pinned';

const GroupKey = z.string().min(1).max(1_000);

/**
 * How the board shows the site: an overview of counts per floor, building or division; tiles; compact
 * tiles; or a sortable list. Tiles until the operator chooses.
 */
export const BoardView = z.enum(['overview', 'tiles', 'compact', 'list']);
export type BoardView = z.infer<typeof BoardView>;

/** What the overview counts by: each floor, each building, or each division. */
export const OverviewGrouping = z.enum(['floor', 'building', 'division']);
export type OverviewGrouping = z.infer<typeof OverviewGrouping>;
const Href = z.string().min(1).max(4_000);

/**
 * How the operator arranged the board at this desk, kept per site in main's settings: which groups
 * are collapsed, which items are pinned (by their href's path, in pin order), and the groups in the
 * operator's order. A
 * group not in `order` follows the ordered ones in floor order, so a new floor still appears. `view`
 * and `overviewBy` are the operator's choice of view (absent: tiles, counted by building).
 */
export const BoardLayout = z
  .object({
    collapsed: z.array(GroupKey).max(10_000).default([]),
    pinned: z.array(Href).max(10_000).default([]),
    order: z.array(GroupKey).max(10_000).default([]),
    view: BoardView.optional(),
    overviewBy: OverviewGrouping.optional(),
  })
  .strict();
export type BoardLayout = z.infer<typeof BoardLayout>;

/**
 * An alarm acknowledged at this desk: which item, for what concern (e.g. `forced`), and when. Local
 * only: it changes nothing on the server, and it lapses once the item stops reporting that alarm, so
 * the next alarm is announced again.
 */
export const Acknowledgement = z.object({ href: z.string(), concern: z.string(), at: z.number() });
export type Acknowledgement = z.infer<typeof Acknowledgement>;

/** The board's layout at this desk, and acknowledging alarms at this desk. */
export const layoutCalls = {
  /** The layout for the site the desk shows now (empty until the operator arranges something). */
  'layout.get': { params: none, result: BoardLayout },
  /** Replaces the layout for the site the desk shows now; answers what was kept. */
  'layout.set': { params: BoardLayout, result: BoardLayout },
  /** Acknowledges the alarm an item reports now; refused when it reports none. */
  'attention.acknowledge': { params: z.object({ href: Href }).strict(), result: z.array(Acknowledgement) },
  'attention.acknowledgements': { params: none, result: z.array(Acknowledgement) },
} as const;

export const layoutEvents = {
  /** Every acknowledgement in force, whenever one is added or lapses. */
  'attention.acknowledged': z.array(Acknowledgement),
} as const;
