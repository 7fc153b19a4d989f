import { z } from 'zod';
import { none } from './none';

/** A day category: links a calendar to a schedule; it has no division and no status. */
export const DayCategoryView = z.object({
  href: z.string(),
  name: z.string(),
  description: z.string().optional(),
  notes: z.string().optional(),
});
export type DayCategoryView = z.infer<typeof DayCategoryView>;

const ZoneOnFloor = z.object({ href: z.string(), name: z.string().optional() });

/** One row of an elevator group's floor-access table; a floor may map to a front and a rear zone. */
export const FloorAccessView = z.object({
  floorNumber: z.number().int(),
  floorName: z.string().optional(),
  frontService: z.boolean().optional(),
  rearService: z.boolean().optional(),
  frontAccessZone: ZoneOnFloor.optional(),
  rearAccessZone: ZoneOnFloor.optional(),
});
export type FloorAccessView = z.infer<typeof FloorAccessView>;

export const ElevatorGroupView = z.object({
  href: z.string(),
  name: z.string(),
  description: z.string().optional(),
  notes: z.string().optional(),
  elevatorGroupNumber: z.number().int().optional(),
  rearAccessEnabled: z.boolean().optional(),
  groundFloorNumber: z.number().int().optional(),
  floors: z.array(FloorAccessView),
});
export type ElevatorGroupView = z.infer<typeof ElevatorGroupView>;

/**
 * Read-only site reference data the desk shows on request (never watched): day categories and
 * elevator groups. An empty list can mean the operator may see none (the server does not say which).
 */
export const referenceCalls = {
  'site.dayCategories': { params: none, result: z.array(DayCategoryView) },
  'site.elevatorGroups': { params: none, result: z.array(ElevatorGroupView) },
} as const;
