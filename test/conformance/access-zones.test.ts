import { z } from 'zod';
import { commandsBlock, itemDetailFields, itemSummary } from './support/item-schemas';
import { checkController } from './support/live-controller';
import { describeAtVersions } from './support/site-at-version';
import { vendor } from './support/strict-schema';

// cc_rest.yaml: AccessZoneDetail: doors [{ name, href }], zoneCount integer, the commands it lists.
const accessZoneDetail = vendor.object({
  ...itemDetailFields,
  doors: z.array(vendor.object({ name: z.string(), href: vendor.href() })).optional(),
  zoneCount: z.number().int().optional(),
  commands: commandsBlock([
    'free', 'freeUntil', 'freePin', 'freePinUntil', 'secure', 'secureUntil', 'securePin', 'securePinUntil',
    'codeOnly', 'codeOnlyUntil', 'codeOnlyPin', 'codeOnlyPinUntil', 'dualAuth', 'dualAuthUntil', 'dualAuthPin',
    'dualAuthPinUntil', 'forgiveAntiPassback', 'setZoneCount', 'lockDown', 'cancelLockDown', 'cancel',
  ]).optional(),
});

describeAtVersions('access zones (cc_rest.yaml: /api/access_zones)', (site) =>
  checkController(site, {
    feature: ['accessZones', 'accessZones'],
    // cc_rest.yaml: ACZFIELDS_SCHEMA.
    fields: ['href', 'id', 'name', 'shortName', 'description', 'division', 'commands', 'connectedController', 'doors',
      'zoneCount', 'statusFlags', 'statusText', 'status', 'notes', 'updates'],
    summary: itemSummary,
    detail: accessZoneDetail,
    updates: true,
  }),
);
