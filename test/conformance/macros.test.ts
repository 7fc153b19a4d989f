import { commandsBlock, itemDetailFields, itemSummary } from './support/item-schemas';
import { checkController } from './support/live-controller';
import { describeAtVersions } from './support/site-at-version';
import { vendor } from './support/strict-schema';

// cc_rest.yaml: MacroDetail: description, division, shortName, commands.run; macros have no updates call.
const macroDetail = vendor.object({
  ...itemDetailFields,
  commands: commandsBlock(['run']).optional(),
});

describeAtVersions('macros (cc_rest.yaml: /api/macros)', (site) =>
  checkController(site, {
    feature: ['macros', 'macros'],
    // cc_rest.yaml: MACROFIELDS_SCHEMA.
    fields: ['href', 'id', 'name', 'description', 'division', 'commands', 'notes', 'updates'],
    summary: itemSummary,
    detail: macroDetail,
    updates: false,
  }),
);
