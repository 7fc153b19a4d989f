import { z } from 'zod';
import { commandsBlock, itemDetailFields, itemSummary } from './support/item-schemas';
import { checkController } from './support/live-controller';
import { describeAtVersions } from './support/site-at-version';
import { vendor } from './support/strict-schema';

// cc_rest.yaml: FenceZoneDetail: voltage integer; commands on, off, shunt, unshunt, highVoltage, lowFeel, cancel.
const fenceZoneDetail = vendor.object({
  ...itemDetailFields,
  voltage: z.number().int().optional(),
  commands: commandsBlock(['on', 'off', 'shunt', 'unshunt', 'highVoltage', 'lowFeel', 'cancel']).optional(),
});

describeAtVersions('fence zones (cc_rest.yaml: /api/fence_zones)', (site) =>
  checkController(site, {
    feature: ['fenceZones', 'fenceZones'],
    // cc_rest.yaml: FZFIELDS_SCHEMA.
    fields: ['href', 'id', 'name', 'shortName', 'description', 'division', 'commands', 'connectedController', 'voltage',
      'statusFlags', 'statusText', 'status', 'notes', 'updates'],
    summary: itemSummary,
    detail: fenceZoneDetail,
    updates: true,
  }),
);
