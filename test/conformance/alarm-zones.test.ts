import { z } from 'zod';
import { itemDetailFields, itemSummary } from './support/item-schemas';
import { checkController } from './support/live-controller';
import { describeAtVersions } from './support/site-at-version';
import { vendor } from './support/strict-schema';

/**
 * cc_rest.yaml: AlarmZoneDetail.commands: each entry an href and the state's `name`: arm/armUntil
 * "Armed" or "Set", disarm/disarmUntil "Disarmed" or "Unset", user1/user2 (default "User1"/"User2",
 * renameable), cancel an href only. The armHighVoltage and armLowFeel paths (with Until twins, as every
 * state override has) are in the reference's paths, not in its AlarmZoneDetail listing.
 */
const named = (names?: [string, ...string[]]) => vendor.object({ href: vendor.href(), name: names ? z.enum(names) : z.string() });
const ARMED = named(['Armed', 'Set']);
const DISARMED = named(['Disarmed', 'Unset']);
const commands = z
  .object({
    arm: ARMED, armUntil: ARMED, disarm: DISARMED, disarmUntil: DISARMED,
    user1: named(), user1Until: named(), user2: named(), user2Until: named(),
    armHighVoltage: named(), armHighVoltageUntil: named(), armLowFeel: named(), armLowFeelUntil: named(),
    cancel: vendor.link(),
  })
  .partial()
  .strict();

const alarmZoneDetail = vendor.object({ ...itemDetailFields, commands: commands.optional() });

describeAtVersions('alarm zones (cc_rest.yaml: /api/alarm_zones)', (site) =>
  checkController(site, {
    feature: ['alarmZones', 'alarmZones'],
    // cc_rest.yaml: ALZFIELDS_SCHEMA.
    fields: ['href', 'id', 'name', 'shortName', 'description', 'division', 'commands', 'connectedController', 'statusFlags',
      'status', 'notes', 'updates'],
    summary: itemSummary,
    detail: alarmZoneDetail,
    updates: true,
  }),
);
