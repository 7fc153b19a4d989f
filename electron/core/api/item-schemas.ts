import { z } from 'zod';
import { CommandLink, CommandMap, ItemFields, Link, NamedLink } from './schemas';

/**
 * One schema per item type's search/detail payload (docs/server-interface.md §Item fields, §Type-specific fields). Every field beyond the
 * identity is optional because `fields` may leave it out; a field that is present must have the
 * documented shape, or the answer is refused naming the field.
 */

/** The sample nests an access zone's `doors` one level deeper than the table: accept both, give a flat list. */
const ZoneDoors = z
  .array(z.union([NamedLink, z.array(NamedLink)]))
  .transform((doors) => doors.flat());

export const AccessZone = ItemFields.extend({
  doors: ZoneDoors.optional(),
  zoneCount: z.number().int().optional(),
});
export type AccessZone = z.infer<typeof AccessZone>;

/**
 * Alarm zone state commands carry the state's name as the site calls it (user1/user2 may be renamed);
 * `cancel` is an href only (cc_rest.yaml: AlarmZoneDetail.commands).
 */
export const AlarmZone = ItemFields.extend({
  commands: z.record(z.string(), CommandLink.and(z.object({ name: z.string().optional() }))).optional(),
});
export type AlarmZone = z.infer<typeof AlarmZone>;

/** Day categories have no id, no division and no status. */
export const DayCategory = z.object({
  href: z.string(),
  name: z.string(),
  description: z.string().optional(),
  notes: z.string().optional(),
});
export type DayCategory = z.infer<typeof DayCategory>;

export const Door = ItemFields.extend({
  entryAccessZone: NamedLink.optional(),
  exitAccessZone: NamedLink.optional(),
});
export type Door = z.infer<typeof Door>;

const ZoneRef = z.object({ id: z.string().optional(), name: z.string().optional(), href: z.string() });

/** A floor served by an elevator group; a floor may map to two access zones (front and rear car door). */
export const FloorAccess = z.object({
  floorNumber: z.number().int(),
  frontService: z.boolean().optional(),
  rearService: z.boolean().optional(),
  floorName: z.string().optional(),
  frontAccessZone: ZoneRef.optional(),
  rearAccessZone: ZoneRef.optional(),
});
export type FloorAccess = z.infer<typeof FloorAccess>;

/** Elevator groups have no id field and no status or commands. */
export const ElevatorGroup = z.object({
  href: z.string(),
  name: z.string(),
  shortName: z.string().optional(),
  description: z.string().optional(),
  division: Link.extend({ id: z.string().optional() }).optional(),
  notes: z.string().optional(),
  elevatorSystem: z.object({ id: z.string() }).optional(),
  elevatorGroupNumber: z.number().int().optional(),
  floorAccess: z.array(FloorAccess).optional(),
  rearAccessEnabled: z.boolean().optional(),
  groundFloorNumber: z.number().int().optional(),
});
export type ElevatorGroup = z.infer<typeof ElevatorGroup>;

/** The modify_passenger_details search's shape: division carries its id. */
export const PassengerElevatorGroup = z.object({
  href: z.string(),
  name: z.string(),
  description: z.string().optional(),
  division: z.object({ id: z.string().optional(), href: z.string() }).optional(),
  floorAccess: z.array(FloorAccess).optional(),
});
export type PassengerElevatorGroup = z.infer<typeof PassengerElevatorGroup>;

/** `voltage` is meaningful only with the flag `voltageKnown`; the unit is not given (docs/server-interface.md §Type-specific fields). */
export const FenceZone = ItemFields.extend({ voltage: z.number().optional() });
export type FenceZone = z.infer<typeof FenceZone>;

export const Input = ItemFields;
export type Input = z.infer<typeof Input>;

/** An output (a relay) carries the common fields only (cc_rest.yaml OutputDetail). */
export const Output = ItemFields;
export type Output = z.infer<typeof Output>;

export const InterlockGroup = ItemFields;
export type InterlockGroup = z.infer<typeof InterlockGroup>;

/** `commands.run` is present only if the operator may run the macro. */
export const Macro = z.object({
  href: z.string(),
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  division: Link.extend({ id: z.string().optional() }).optional(),
  commands: CommandMap.optional(),
  notes: z.string().optional(),
  updates: Link.optional(),
  statusFlags: z.array(z.string()).optional(),
  statusText: z.string().optional(),
  status: z.string().optional(),
});
export type Macro = z.infer<typeof Macro>;

/** update_cardholder_location answers carry the special "outside of system" target zone on each page. */
export const LocationZonesPage = z.object({
  results: z.array(AccessZone),
  outsideOfSystem: Link.optional(),
  next: Link.optional(),
});
