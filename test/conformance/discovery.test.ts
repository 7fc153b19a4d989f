import { expect, it } from 'vitest';
import { z } from 'zod';
import { describeAtVersions } from './support/site-at-version';
import { expectConforms, vendor } from './support/strict-schema';

/**
 * `GET /api` (rest_training.adoc: "The importance of /api"): the version and `features`, one block per
 * controller, each a set of named links. The links are plain URLs; the vendor's example shows every
 * link this site is licensed for at the paths below (cc_rest.yaml names each as "Take it from …").
 */
const discovery = vendor.object({
  version: z.string(),
  features: z.record(z.string(), z.record(z.string(), vendor.object({ href: vendor.href() }))),
});

/** features.<group>.<key> → the path the vendor gives it. */
const VENDOR_LINKS: Record<string, string> = {
  'accessZones.accessZones': '/api/access_zones',
  // cc_rest.yaml: "Take it from `alarms.alarms.href`", "`alarms.updates.href`", "`events.events.href`",
  // "`events.updates.href`", "`events.eventGroups.href`" in the results of GET /api (RESTEvents).
  'alarms.alarms': '/api/alarms',
  'alarms.updates': '/api/alarms/updates',
  'events.events': '/api/events',
  'events.updates': '/api/events/updates',
  'events.eventGroups': '/api/events/groups',
  // rest_training.adoc, the GET /api example: "the events and alarms controllers also provide a
  // `divisions` call" (cc_rest.yaml: /api/divisions/_operation_, "view_events", "view_alarms").
  'alarms.divisions': '/api/divisions/view_alarms',
  'events.divisions': '/api/divisions/view_events',
  'alarmZones.alarmZones': '/api/alarm_zones',
  'cardholders.cardholders': '/api/cardholders',
  'cardholders.updateLocationAccessZones': '/api/access_zones/update_cardholder_location',
  'cardTypes.cardTypes': '/api/card_types',
  'cardTypes.assign': '/api/card_types/assign',
  'dayCategories.dayCategories': '/api/day_categories',
  'doors.doors': '/api/doors',
  'elevators.elevatorGroups': '/api/elevator_groups',
  // cc_rest.yaml: /api/elevator_groups/modify_passenger_details: "Take it from … features.cardholders.modifyDefaultFloors".
  'cardholders.modifyDefaultFloors': '/api/elevator_groups/modify_passenger_details',
  'fenceZones.fenceZones': '/api/fence_zones',
  'inputs.inputs': '/api/inputs',
  'interlockGroups.interlockGroups': '/api/interlock_groups',
  'items.items': '/api/items',
  'items.itemTypes': '/api/items/types',
  'items.updates': '/api/items/updates',
  'macros.macros': '/api/macros',
  // cc_rest.yaml: /api/outputs, "the features.outputs.outputs section of /api".
  'outputs.outputs': '/api/outputs',
  // Not named by cc_rest.yaml, which links division lists per feature (/api/divisions/_operation_); the
  // simulator's 9.30+ list is a difference listed in docs/server-endpoints.md §Divisions.
  'divisions.divisions': '/api/divisions',
  // cc_rest.yaml /api/receptions and /api/visits: "Take it from … features.receptions.receptions" and
  // "features.visits.visits" (8.50).
  'receptions.receptions': '/api/receptions',
  'visits.visits': '/api/visits',
};

describeAtVersions('discovery (GET /api)', (site) => {
  it('answers the version and plain feature links, each at the path the vendor gives it', async () => {
    const reply = await site().get('/api');
    expect(reply.status).toBe(200);
    expectConforms(discovery, reply.json, `GET /api at ${site().version}`);
    const { features } = reply.json as z.infer<typeof discovery>;
    const unknown: string[] = [];
    for (const [group, links] of Object.entries(features)) {
      for (const [key, { href }] of Object.entries(links)) {
        const url = new URL(href);
        expect(url.origin).toBe(site().sim.url);
        expect(url.search, `${group}.${key}`).toBe('');
        const path = VENDOR_LINKS[`${group}.${key}`];
        if (path === undefined) unknown.push(`${group}.${key}`);
        else expect(url.pathname, `${group}.${key}`).toBe(path);
      }
    }
    // A link the vendor's reference does not name is a difference: list it above with its source.
    expect(unknown).toEqual([]);
  });

  // cc_rest.yaml: the items controller (search, types) answers with any REST licence; card_types/assign is new in 8.10.
  it('links the items controller, item types, card types and assignable card types', async () => {
    for (const [group, key] of [['items', 'items'], ['items', 'itemTypes'], ['cardTypes', 'cardTypes'], ['cardTypes', 'assign']] as const) {
      expect(await site().feature(group, key), `${group}.${key}`).toBeDefined();
    }
  });
});
