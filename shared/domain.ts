import { z } from 'zod';

/** The kinds of item Gatehouse shows. Names follow the feature keys of docs/server-interface.md §Discovery. */
export const ItemKind = z.enum(['door', 'accessZone', 'alarmZone', 'fenceZone', 'input', 'interlockGroup', 'macro', 'output']);
export type ItemKind = z.infer<typeof ItemKind>;

/** A link to another item as the server gave it (a door's entry zone, a zone's doors…). */
export const ItemRef = z.object({ href: z.string(), id: z.string().optional(), name: z.string() });
export type ItemRef = z.infer<typeof ItemRef>;

/** The division (building, tenant) an item belongs to, as the server linked it. */
export const DivisionRef = z.object({ href: z.string(), id: z.string().optional(), name: z.string().optional() });
export type DivisionRef = z.infer<typeof DivisionRef>;

/**
 * One key of an item's `commands` map as the server offered it. A server may offer a command without
 * an `href` and with a `disabled` reason (e.g. an alarm-zone command the operator may not use now):
 * such a command is shown with its reason and never sent.
 */
export const CommandOffer = z.object({
  key: z.string(),
  /** The server's own name for the command, where it gives one (alarm zones do). */
  name: z.string().optional(),
  /** Why the command cannot be used now, as the server said; absent when it can be sent. */
  disabled: z.string().optional(),
});
export type CommandOffer = z.infer<typeof CommandOffer>;

/** Where the board puts an item: a floor of a building (elevator group), or the site as a whole. */
export const FloorPlace = z.object({
  /** Stable key of the group, e.g. `floor:<elevator group href>:<floor number>` or `site`. */
  key: z.string(),
  /** What the board shows, e.g. "Level 2" or "Site". */
  name: z.string(),
  floorNumber: z.number().int().optional(),
  /** The building (elevator group) the floor belongs to. */
  building: z.string().optional(),
});
export type FloorPlace = z.infer<typeof FloorPlace>;

/**
 * One item on the board. `href` is the item's URL exactly as the server gave it and is its identity
 * across the contract (ids are only unique within a kind). `commandOffers` lists the commands the
 * server offered in the item's `commands` map: the renderer offers nothing else.
 */
export const BoardItem = z.object({
  href: z.string(),
  id: z.string(),
  kind: ItemKind,
  name: z.string(),
  shortName: z.string().optional(),
  description: z.string().optional(),
  notes: z.string().optional(),
  division: DivisionRef.optional(),
  /** Keys of the commands that can be sent now (those the server gave an href). */
  commands: z.array(z.string()),
  /** Every command the server offered, with its name and, where it cannot be used, the reason. */
  commandOffers: z.array(CommandOffer).default([]),
  /** Floor or group the board shows it under; "Site" when the site gives it none. */
  group: z.string(),
  /** The floors the item is on (a zone served by two buildings' lifts is on both); empty: the site. */
  floors: z.array(FloorPlace).default([]),
  connectedController: ItemRef.optional(),
  /** Access zones: the doors of the zone. */
  doors: z.array(ItemRef).optional(),
  /** Doors: the zones a person enters and leaves through the door. */
  entryAccessZone: ItemRef.optional(),
  exitAccessZone: ItemRef.optional(),
});
export type BoardItem = z.infer<typeof BoardItem>;

/**
 * Whether main is hearing from the server about one item. `stale` when its watcher is failing or
 * overdue, or the connection is down: the tile is muted and says since when and why.
 */
export const ItemLiveness = z.object({
  href: z.string(),
  state: z.enum(['live', 'stale']),
  /** When this state began (ms since the epoch). */
  since: z.number(),
  /** When main last heard from the server about this item, whatever it said. */
  lastHeardAt: z.number().optional(),
  /** Why it is stale, in words an operator can act on. */
  reason: z.string().optional(),
  /**
   * Why none of the item's commands can be sent while this liveness holds, said once for the item
   * rather than on each offer: the last-known board before the server's own board came. The item keeps
   * the offers it was stored with, so the server's board confirming it needs no new copy of the items.
   */
  commandsUnavailable: z.string().optional(),
});
export type ItemLiveness = z.infer<typeof ItemLiveness>;

/** The latest status the server reported for one item, as received by main. */
export const ItemStatus = z.object({
  href: z.string(),
  flags: z.array(z.string()),
  statusText: z.string(),
  /** When main received this status (ms since the epoch); tiles show their age from it when offline. */
  receivedAt: z.number(),
  /** Access zones: the zone count. */
  zoneCount: z.number().int().optional(),
  /** Fence zones: the voltage, meaningful only with the `voltageKnown` flag (shared/status). */
  voltage: z.number().optional(),
});
export type ItemStatus = z.infer<typeof ItemStatus>;

export const ConnectionPhase = z.enum(['connecting', 'connected', 'reconnecting', 'offline']);
export type ConnectionPhase = z.infer<typeof ConnectionPhase>;

export const ConnectionState = z.object({
  phase: ConnectionPhase,
  /** When this phase began (ms since the epoch). */
  since: z.number(),
  /** The server's origin, e.g. https://127.0.0.1:8443 (never a credential). */
  origin: z.string(),
  /** True when the app is talking to the embedded demo site. */
  demo: z.boolean(),
  serverVersion: z.string().optional(),
  /** Feature names present in the server's /api answer (the licensed calls). */
  features: z.array(z.string()).default([]),
  /** Why the connection is not (or no longer) up, in words an operator can act on. */
  reason: z.string().optional(),
  /** When the next connection attempt is due (ms since the epoch), while reconnecting. */
  nextAttemptAt: z.number().optional(),
  /** How many board items are not live (their watcher is failing or overdue). */
  staleItems: z.number().int().default(0),
  /** While connected: how long the server's answers take, when slow (the board stays live; the bar says so). */
  slowMs: z.number().int().nonnegative().optional(),
});
export type ConnectionState = z.infer<typeof ConnectionState>;

export const BoardSnapshot = z.object({
  connection: ConnectionState,
  items: z.array(BoardItem),
  statuses: z.array(ItemStatus),
  /** Items that are not live; every other item with a status is. */
  liveness: z.array(ItemLiveness).default([]),
});
export type BoardSnapshot = z.infer<typeof BoardSnapshot>;
