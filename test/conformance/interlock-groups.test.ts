import { z } from 'zod';
import { commandsBlock, itemDetailFields } from './support/item-schemas';
import { checkController } from './support/live-controller';
import { describeAtVersions } from './support/site-at-version';
import { vendor } from './support/strict-schema';

// cc_rest.yaml: InterlockGroupSummary is href and name; InterlockGroupDetail adds id and the rest; commands disable, enable.
const interlockSummary = vendor.object({ href: vendor.href(), name: z.string() });
const interlockDetail = vendor.object({
  ...itemDetailFields,
  id: vendor.id().optional(),
  commands: commandsBlock(['disable', 'enable']).optional(),
});

describeAtVersions('interlock groups (cc_rest.yaml: /api/interlock_groups)', (site) =>
  checkController(site, {
    feature: ['interlockGroups', 'interlockGroups'],
    // cc_rest.yaml: INTERLOCKFIELDS_SCHEMA.
    fields: ['href', 'id', 'name', 'shortName', 'description', 'division', 'commands', 'connectedController', 'statusFlags',
      'statusText', 'status', 'notes', 'updates'],
    summary: interlockSummary,
    detail: interlockDetail,
    updates: true,
  }),
);
