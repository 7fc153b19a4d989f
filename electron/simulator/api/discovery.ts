import type { World } from '../model/world';
import { getLicenceRefusal, hasAnyRestLicence } from './access-rules';
import { divisionListOffered } from './divisions';
import type { Links } from './links';

/**
 * `GET /api` (Root and discovery): the version and a link for each call the site is licensed for.
 * Links are plain, as a real server's are; the site option `server.queryStringLinks` gives the doors
 * and inputs links a query string of their own, which clients must cope with (docs/server-interface.md §Service basics).
 */
export function discovery(world: World, links: Links): Record<string, unknown> {
  const v = world.version;
  const link = (path: string) => ({ href: links.href(path) });
  const canGet = (c: Parameters<typeof getLicenceRefusal>[1]) => getLicenceRefusal(world, c) === undefined;
  const cardholders = world.hasLicence('RESTCardholders');
  const withQuery = (path: string) => (world.site.server.queryStringLinks ? `${path}?pos=0` : path);
  const features: Record<string, Record<string, { href: string }>> = {};
  const add = (group: string, key: string, path: string) => {
    features[group] ??= {};
    features[group][key] = link(path);
  };

  if (canGet('access_zones')) add('accessZones', 'accessZones', '/api/access_zones');
  if (canGet('alarm_zones')) add('alarmZones', 'alarmZones', '/api/alarm_zones');
  if (v.atLeast('8.50') && canGet('day_categories')) add('dayCategories', 'dayCategories', '/api/day_categories');
  if (canGet('doors')) add('doors', 'doors', withQuery('/api/doors'));
  if (canGet('elevator_groups')) add('elevators', 'elevatorGroups', '/api/elevator_groups');
  if (canGet('fence_zones')) add('fenceZones', 'fenceZones', '/api/fence_zones');
  if (v.atLeast('8.10') && canGet('inputs')) add('inputs', 'inputs', withQuery('/api/inputs'));
  if (canGet('interlock_groups')) add('interlockGroups', 'interlockGroups', '/api/interlock_groups');
  if (canGet('macros')) add('macros', 'macros', '/api/macros');
  // Outputs arrived with the other item types in 8.00 (rest_training.adoc), the oldest version simulated.
  if (canGet('outputs')) add('outputs', 'outputs', '/api/outputs');
  // The items controller (search, types; details from 8.40) answers with any REST licence.
  if (hasAnyRestLicence(world)) {
    add('items', 'items', '/api/items');
    add('items', 'itemTypes', '/api/items/types');
  }
  // The multi-item updates subscription (8.30) needs RESTStatus itself: RESTOverrides is not enough.
  if (v.atLeast('8.30') && world.hasLicence('RESTStatus')) add('items', 'updates', '/api/items/updates');
  if (cardholders) {
    add('cardholders', 'cardholders', '/api/cardholders');
    if (v.atLeast('8.20')) add('cardholders', 'updateLocationAccessZones', '/api/access_zones/update_cardholder_location');
    // cc_rest.yaml: /api/elevator_groups/modify_passenger_details is "features.cardholders.modifyDefaultFloors".
    add('cardholders', 'modifyDefaultFloors', '/api/elevator_groups/modify_passenger_details');
    add('cardTypes', 'cardTypes', '/api/card_types');
    if (v.atLeast('8.10')) add('cardTypes', 'assign', '/api/card_types/assign');
  }
  // cc_rest.yaml: "features.receptions.receptions" (RESTCardholders) and "features.visits.visits"
  // (RESTCardholders and VisitorManagement), both new in 8.50.
  if (v.atLeast('8.50') && cardholders) add('receptions', 'receptions', '/api/receptions');
  if (v.atLeast('8.50') && cardholders && world.hasLicence('VisitorManagement')) add('visits', 'visits', '/api/visits');
  // cc_rest.yaml: alarms.alarms, alarms.updates, events.events, events.updates, events.eventGroups; RESTEvents only.
  if (world.hasLicence('RESTEvents')) {
    add('alarms', 'alarms', '/api/alarms');
    add('alarms', 'updates', '/api/alarms/updates');
    add('events', 'events', '/api/events');
    add('events', 'updates', '/api/events/updates');
    add('events', 'eventGroups', '/api/events/groups');
    // rest_training.adoc, GET /api example (7.90): "the events and alarms controllers also provide a
    // `divisions` call" (cc_rest.yaml: /api/divisions/_operation_).
    add('alarms', 'divisions', '/api/divisions/view_alarms');
    add('events', 'divisions', '/api/divisions/view_events');
  }
  // Every REST licence enables the divisions controller (the vendor's Divisions tag).
  if (divisionListOffered(world) && Object.keys(features).length > 0) add('divisions', 'divisions', '/api/divisions');
  return { version: v.label, features };
}
