import { z } from 'zod';
import { commandsBlock, itemDetailFields, itemSummary } from './support/item-schemas';
import { checkController } from './support/live-controller';
import { describeAtVersions } from './support/site-at-version';
import { vendor } from './support/strict-schema';

// cc_rest.yaml: DoorDetail (entryAccessZone, exitAccessZone { name, href }; commands open, lock).
const zoneRef = vendor.object({ name: z.string(), href: vendor.href() });
const doorDetail = vendor.object({
  ...itemDetailFields,
  entryAccessZone: zoneRef.optional(),
  exitAccessZone: zoneRef.optional(),
  commands: commandsBlock(['open', 'lock']).optional(),
});

describeAtVersions('doors (cc_rest.yaml: /api/doors)', (site) =>
  checkController(site, {
    feature: ['doors', 'doors'],
    // cc_rest.yaml: DOORFIELDS_SCHEMA.
    fields: ['href', 'id', 'name', 'shortName', 'description', 'division', 'commands', 'connectedController',
      'entryAccessZone', 'exitAccessZone', 'statusFlags', 'statusText', 'status', 'notes', 'updates'],
    summary: itemSummary,
    detail: doorDetail,
    updates: true,
  }),
);
