import { z } from 'zod';
import { none } from './none';

/**
 * Floor plans: one drawing per floor of the site the desk shows, with the board's items pinned on it.
 * Kept in main's local store per site and floor; images and backups move in parts because one call
 * carries at most 1 MiB (shared/wire.ts) and a plan may be up to 10 MB.
 */

/** The largest plan file accepted: a floor drawing is a few MB; anything larger is not a floor plan. */
export const MAX_PLAN_BYTES = 10 * 1024 * 1024;
/** The largest backup file accepted on restore: every floor's plan of a site, Base64 in JSON. */
export const MAX_PLAN_BACKUP_BYTES = 256 * 1024 * 1024;
/** Bytes per part, before Base64 (which adds a third): well under a call's 1 MiB. */
export const PLAN_PART_BYTES = 512 * 1024;

export const PlanMediaType = z.enum(['image/svg+xml', 'image/png', 'image/jpeg']);
export type PlanMediaType = z.infer<typeof PlanMediaType>;

/** A floor as the board keys it (`floor:<group path>:<n>`, electron/core/board/floors.ts). */
const Floor = z.string().min(1).max(2048);
/** An item's href; main keeps only its path and query (shared/board/places.ts `layoutKey`). */
const ItemHref = z.string().min(1).max(2048);

export const PlanPin = z.object({
  /**
   * The item's href. Main keeps only its path (`layoutKey`), so pins survive the site moving port, and
   * answers with the href as the board has it now; a pin whose item the board lacks (or every pin, while
   * the board has not loaded yet) comes back as the stored path. Match by `layoutKey` to be safe.
   */
  href: ItemHref,
  /** Relative to the plan's width and height, 0…1 (0,0 is the top left). */
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
});
export type PlanPin = z.infer<typeof PlanPin>;

export const FloorPlan = z.object({
  floor: z.string(),
  /** The imported file's name (or the demo drawing's). */
  name: z.string(),
  mediaType: PlanMediaType,
  /** The drawing's own size (pixels for PNG/JPEG, the viewBox or width/height for SVG). */
  width: z.number().positive(),
  height: z.number().positive(),
  /** The stored image's length in bytes (what `plans.imagePart` delivers in total). */
  bytes: z.number().int().nonnegative(),
  /** `demo`: the demo site's own drawing from resources/plans, until a plan is imported for the floor. */
  source: z.enum(['imported', 'demo']),
  updatedAt: z.number(),
  pins: z.array(PlanPin),
  /** Pins whose item the board does not have now (kept, so a renamed or returning item keeps its place). Empty while the board has no items yet. */
  notOnBoard: z.array(z.string()),
  /** What the SVG sanitiser took out of the imported drawing (e.g. an external link), in words; empty when nothing. */
  removed: z.array(z.string()),
});
export type FloorPlan = z.infer<typeof FloorPlan>;

/** A floor that has a plan, for marking floors in the view without fetching every image. */
export const PlannedFloor = z.object({ floor: z.string(), name: z.string(), source: z.enum(['imported', 'demo']), pins: z.number().int() });
export type PlannedFloor = z.infer<typeof PlannedFloor>;

export const PlanPart = z.object({ base64: z.string(), done: z.boolean() });
export type PlanPart = z.infer<typeof PlanPart>;

const Upload = z.string().min(1).max(64);
const Base64Part = z.base64().max(Math.ceil(PLAN_PART_BYTES / 3) * 4);
const Offset = z.number().int().nonnegative();

export const planCalls = {
  /** The floor's plan and pins, or null when the floor has none. */
  'plans.get': { params: z.object({ floor: Floor }).strict(), result: FloorPlan.nullable() },
  /** Every floor of this site that has a plan. */
  'plans.floors': { params: none, result: z.array(PlannedFloor) },
  /** Up to PLAN_PART_BYTES of the floor's image (Base64), from `offset` bytes; `done` on the last part. */
  'plans.imagePart': { params: z.object({ floor: Floor, offset: Offset }).strict(), result: PlanPart },
  /**
   * Starts an import for a floor. Refused at once (before any bytes are sent) when `size` is over
   * MAX_PLAN_BYTES or the name says PDF; the answer's `upload` names the parts that follow.
   */
  'plans.beginImport': {
    params: z.object({ floor: Floor, fileName: z.string().min(1).max(255), size: z.number().int().nonnegative() }).strict(),
    result: z.object({ upload: Upload, partBytes: z.number().int() }),
  },
  /** One part of an import or restore, in order; answers the bytes received so far. */
  'plans.importPart': { params: z.object({ upload: Upload, base64: Base64Part }).strict(), result: z.object({ received: z.number().int() }) },
  /** Checks the whole file (type by its bytes, size, SVG sanitised) and keeps it as the floor's plan; pins stay. */
  'plans.finishImport': { params: z.object({ upload: Upload }).strict(), result: FloorPlan },
  /** Drops an unfinished import or restore (the operator cancelled). */
  'plans.cancelImport': { params: z.object({ upload: Upload }).strict(), result: z.object({ cancelled: z.boolean() }) },
  /** Removes the floor's plan and its pins. */
  'plans.remove': { params: z.object({ floor: Floor }).strict(), result: z.object({ removed: z.boolean() }) },
  /** Places an item on the floor's plan, or moves it there; answers the floor's pins. */
  'plans.placePin': { params: z.object({ floor: Floor, pin: PlanPin }).strict(), result: z.array(PlanPin) },
  'plans.removePin': { params: z.object({ floor: Floor, href: ItemHref }).strict(), result: z.array(PlanPin) },
  /** Makes a backup of every plan and pin of this site (one JSON file); read it with `plans.exportPart`. */
  'plans.beginExport': {
    params: none,
    result: z.object({ export: Upload, fileName: z.string(), bytes: z.number().int(), floors: z.number().int() }),
  },
  'plans.exportPart': { params: z.object({ export: Upload, offset: Offset }).strict(), result: PlanPart },
  /** Starts a restore of a backup file; its parts go through `plans.importPart`. */
  'plans.beginRestore': {
    params: z.object({ fileName: z.string().min(1).max(255), size: z.number().int().nonnegative() }).strict(),
    result: z.object({ upload: Upload, partBytes: z.number().int() }),
  },
  /** Checks the whole backup and replaces this site's plans and pins with it in one go, or refuses it changing nothing. */
  'plans.finishRestore': { params: z.object({ upload: Upload }).strict(), result: z.object({ floors: z.number().int(), pins: z.number().int() }) },
} as const;

export const planEvents = {
  /** A floor's plan or pins changed (import, removal, pin, restore): the view fetches it again. */
  'plans.changed': z.object({ floor: z.string() }),
} as const;
