import { z } from 'zod';
import { checkController } from './support/live-controller';
import { describeAtVersions } from './support/site-at-version';
import { vendor } from './support/strict-schema';

// cc_rest.yaml: ElevatorGroupSummary is href and name; ElevatorGroupDetail: elevatorGroupNumber, groundFloorNumber
// integers, elevatorSystem { id }, rearAccessEnabled boolean; elevator groups have no status and no updates call.
const summary = vendor.object({ href: vendor.href(), name: z.string() });
const detail = vendor.object({
  href: vendor.href(),
  name: z.string(),
  description: z.string().optional(),
  notes: z.string().optional(),
  shortName: z.string().max(16).optional(),
  division: vendor.object({ href: vendor.href() }).optional(),
  elevatorGroupNumber: z.number().int().optional(),
  elevatorSystem: vendor.object({ id: vendor.id() }).optional(),
  rearAccessEnabled: z.boolean().optional(),
  groundFloorNumber: z.number().int().optional(),
  floorAccess: z.array(z.looseObject({})).optional(),
});

describeAtVersions('elevator groups (cc_rest.yaml: /api/elevator_groups)', (site) =>
  checkController(site, {
    feature: ['elevators', 'elevatorGroups'],
    // cc_rest.yaml: ELEVATORGROUPALLFIELDS_SCHEMA.
    fields: ['href', 'name', 'shortName', 'description', 'division', 'notes', 'elevatorSystem', 'elevatorGroupNumber',
      'floorAccess', 'rearAccessEnabled', 'groundFloorNumber'],
    summary,
    detail,
    updates: false,
  }),
);
