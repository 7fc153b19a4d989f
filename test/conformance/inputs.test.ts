import { commandsBlock, itemDetailFields, itemSummary } from './support/item-schemas';
import { checkController } from './support/live-controller';
import { describeAtVersions } from './support/site-at-version';
import { vendor } from './support/strict-schema';

// cc_rest.yaml: InputDetail: commands shunt, unshunt, isolate, deisolate.
const inputDetail = vendor.object({
  ...itemDetailFields,
  commands: commandsBlock(['shunt', 'unshunt', 'isolate', 'deisolate']).optional(),
});

describeAtVersions('inputs (cc_rest.yaml: /api/inputs)', (site) =>
  checkController(site, {
    feature: ['inputs', 'inputs'],
    // cc_rest.yaml: /api/inputs `fields`.
    fields: ['href', 'id', 'name', 'shortName', 'description', 'division', 'commands', 'connectedController', 'statusFlags',
      'statusText', 'status', 'notes', 'updates'],
    summary: itemSummary,
    detail: inputDetail,
    updates: true,
  }),
);
