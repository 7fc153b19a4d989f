import { z } from 'zod';
import { PlanMediaType } from '../../../shared/contract/plans';
import { DeskError } from '../../../shared/errors';
import { checkPlanImage } from './plan-image';
import type { PlanHeader, StoredPin, StoredPlan } from './plan-store';

/** What a backup file says it is, so a file of another kind is named as such rather than half-read. */
const FORMAT = 'gatehouse-floor-plans';
const VERSION = 1;

const BackupPin = z.object({ item: z.string().min(1).max(2048), x: z.number().min(0).max(1), y: z.number().min(0).max(1) }).strict();

const BackupFloor = z
  .object({
    floor: z.string().min(1).max(2048),
    name: z.string().min(1).max(255),
    mediaType: PlanMediaType,
    source: z.enum(['imported', 'demo']),
    width: z.number().positive(),
    height: z.number().positive(),
    updatedAt: z.number().int().nonnegative(),
    image: z.base64(),
    pins: z.array(BackupPin).max(100_000),
  })
  .strict();

/** The one schema a backup file is checked by: its type and its check in one. */
export const PlanBackup = z
  .object({
    format: z.literal(FORMAT),
    version: z.literal(VERSION),
    /** Which site it was made from (informational: a backup may be restored into another site's desk). */
    site: z.string(),
    exportedAt: z.string(),
    floors: z.array(BackupFloor).max(10_000),
  })
  .strict()
  .superRefine((backup, ctx) => {
    const seen = new Set<string>();
    backup.floors.forEach((f, i) => {
      if (seen.has(f.floor)) ctx.addIssue({ code: 'custom', path: ['floors', i, 'floor'], message: `the floor ${f.floor} appears twice` });
      seen.add(f.floor);
    });
  });
export type PlanBackup = z.infer<typeof PlanBackup>;

export interface BackupFloorData {
  floor: string;
  plan: StoredPlan;
  pins: StoredPin[];
}

/** Writes every plan and pin of a site as one JSON file. */
export function writeBackup(site: string, floors: ReadonlyArray<{ header: PlanHeader; image: Uint8Array; pins: readonly StoredPin[] }>, now: number): Buffer {
  const backup: PlanBackup = {
    format: FORMAT,
    version: VERSION,
    site,
    exportedAt: new Date(now).toISOString(),
    floors: floors.map(({ header, image, pins }) => ({
      floor: header.floor,
      name: header.name,
      mediaType: header.mediaType,
      source: header.source,
      width: header.width,
      height: header.height,
      updatedAt: header.updatedAt,
      image: Buffer.from(image).toString('base64'),
      pins: pins.map((p) => ({ item: p.item, x: p.x, y: p.y })),
    })),
  };
  return Buffer.from(JSON.stringify(backup));
}

/**
 * Reads a backup file whole before anything is changed: JSON, the schema, then every image checked
 * again as if imported (a backup file may have been edited). Any fault refuses the whole file, saying
 * what and where.
 */
export function readBackup(fileName: string, bytes: Uint8Array): BackupFloorData[] {
  const name = fileName.slice(0, 120);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new DeskError('bad-request', `The backup "${name}" was not restored: it is not a floor-plan backup (not JSON text). Nothing was changed.`);
  }
  const parsed = PlanBackup.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new DeskError('bad-request', `The backup "${name}" was not restored: ${issue.message}${where}. Nothing was changed.`);
  }
  return parsed.data.floors.map((f, i) => {
    let image;
    try {
      image = checkPlanImage(f.name, Buffer.from(f.image, 'base64'));
    } catch (err) {
      throw new DeskError('bad-request', `The backup "${name}" was not restored: its plan for floor ${i + 1} (${f.floor}) is unusable: ${(err as Error).message} Nothing was changed.`);
    }
    return {
      floor: f.floor,
      plan: { name: f.name, mediaType: image.mediaType, source: f.source, image: image.bytes, width: image.width, height: image.height, removed: image.removed, updatedAt: f.updatedAt },
      pins: f.pins,
    };
  });
}
