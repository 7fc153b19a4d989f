import type { World } from '../model/world';
import { getLicenceRefusal } from './access-rules';
import { divisionListOffered } from './divisions';
import type { Links } from './links';

/**
 * `GET /api` (Root and discovery): the version and a link for each call the site is licensed for.
 * The doors and inputs links carry a query string already, as clients must expect (docs/server-interface.md §Service basics).
 */
export function discovery(world: World, links: Links): Record<string, unknown> {
  const v = world.version;
  const link = (path: string) => ({ href: links.href(path) });
  const canGet = (c: Parameters<typeof getLicenceRefusal>[1]) => getLicenceRefusal(world, c) === undefined;
  const cardholders = world.hasLicence('RESTCardholders');
  const features: Record<string, Record<string, { href: string }>> = {};
  const add = (group: string, key: string, path: string) => {
    features[group] ??= {};
    features[group][key] = link(path);
  };

  if (canGet('access_zones')) add('accessZones', 'accessZones', '/api/access_zones');
  if (canGet('alarm_zones')) add('alarmZones', 'alarmZones', '/api/alarm_zones');
  if (v.atLeast('8.50') && canGet('day_categories')) add('dayCategories', 'dayCategories', '/api/day_categories');
  if (canGet('doors')) add('doors', 'doors', '/api/doors?pos=0');
  if (canGet('elevator_groups')) add('elevators', 'elevatorGroups', '/api/elevator_groups');
  if (canGet('fence_zones')) add('fenceZones', 'fenceZones', '/api/fence_zones');
  if (v.atLeast('8.10') && canGet('inputs')) add('inputs', 'inputs', '/api/inputs?pos=0');
  if (canGet('interlock_groups')) add('interlockGroups', 'interlockGroups', '/api/interlock_groups');
  if (canGet('macros')) add('macros', 'macros', '/api/macros');
  // The multi-item updates subscription (8.30) needs RESTStatus itself: RESTOverrides is not enough.
  if (v.atLeast('8.30') && world.hasLicence('RESTStatus')) add('items', 'updates', '/api/items/updates');
  if (cardholders) {
    add('cardholders', 'cardholders', '/api/cardholders');
    if (v.atLeast('8.20')) add('cardholders', 'updateLocationAccessZones', '/api/access_zones/update_cardholder_location');
    add('cardholders', 'modifyPassengerDetails', '/api/elevator_groups/modify_passenger_details');
    add('cardTypes', 'cardTypes', v.atLeast('8.10') ? '/api/card_types/assign' : '/api/card_types');
    if (v.atLeast('8.10')) add('cardTypes', 'assign', '/api/card_types/assign');
  }
  // Every REST licence enables the divisions controller (the vendor's Divisions tag).
  if (divisionListOffered(world) && Object.keys(features).length > 0) add('divisions', 'divisions', '/api/divisions');
  return { version: v.label, features };
}
