import { z } from 'zod';

/** The kinds of item Gatehouse shows. Names follow the feature keys of docs/server-interface.md §Discovery. */
export const ItemKind = z.enum(['door', 'accessZone', 'alarmZone', 'fenceZone', 'input', 'interlockGroup', 'macro']);
export type ItemKind = z.infer<typeof ItemKind>;

/**
 * One item on the board. `href` is the item's URL exactly as the server gave it and is its identity
 * across the contract (ids are only unique within a kind). `commands` lists the command names the
 * server offered in the item's `commands` map: the renderer offers nothing else.
 */
export const BoardItem = z.object({
  href: z.string(),
  id: z.string(),
  kind: ItemKind,
  name: z.string(),
  description: z.string().optional(),
  division: z.object({ href: z.string(), id: z.string().optional(), name: z.string().optional() }).optional(),
  commands: z.array(z.string()),
  /** Floor or group the board shows it under; "Site" when the site gives it none. */
  group: z.string(),
});
export type BoardItem = z.infer<typeof BoardItem>;

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
});
export type ConnectionState = z.infer<typeof ConnectionState>;

export const BoardSnapshot = z.object({
  connection: ConnectionState,
  items: z.array(BoardItem),
  statuses: z.array(ItemStatus),
});
export type BoardSnapshot = z.infer<typeof BoardSnapshot>;
