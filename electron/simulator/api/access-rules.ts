import type { Operator } from '../auth/operator';
import type { Collection } from '../model/live-item';
import type { World } from '../model/world';

/**
 * Which privileges let an operator see items of each type. docs/server-endpoints.md §Endpoints names them for access zones,
 * elevator groups, macros and day categories; for the other types the simulator uses the same
 * viewing privileges plus the type's override privilege (a "not shown" choice, see docs).
 */
export const VIEW_PRIVILEGES: Record<Collection, string[]> = {
  access_zones: ['View Site', 'Edit Site', 'Override'],
  alarm_zones: ['View Site', 'Edit Site', 'Override'],
  doors: ['View Site', 'Edit Site', 'Override', 'Override - Open Door'],
  fence_zones: ['View Site', 'Edit Site', 'Override', 'Maintenance Override'],
  inputs: ['View Site', 'Edit Site', 'Override', 'Maintenance Override'],
  interlock_groups: ['View Site', 'Edit Site', 'Override'],
  macros: ['View Site', 'Run Macros', 'Schedule and Run Macros'],
  // cc_rest.yaml 404output: 'View Site', 'Edit Site', or 'Override' on the output's division.
  outputs: ['View Site', 'Edit Site', 'Override'],
  elevator_groups: ['View Site', 'Edit Site'],
  day_categories: ['View Site', 'Configure Site', 'Edit Schedules'],
};

export function canView(operator: Operator, collection: Collection, division: string | undefined): boolean {
  if (collection === 'day_categories') return operator.canAnywhere(VIEW_PRIVILEGES.day_categories);
  return operator.can(VIEW_PRIVILEGES[collection], division);
}

/**
 * The licence a GET on an item type needs, or a description of what is missing (answered 403).
 * Up to 8.50 item GETs need RESTStatus; from 8.60 RESTOverrides is enough (with fewer fields).
 */
export function getLicenceRefusal(world: World, collection: Collection): string | undefined {
  const has = (l: string) => world.hasLicence(l);
  if (collection === 'day_categories') {
    return has('RESTCardholders') || has('RESTStatus') || has('RESTOverrides')
      ? undefined
      : 'The site is not licensed for RESTCardholders, RESTStatus or RESTOverrides';
  }
  if (collection === 'interlock_groups') {
    return has('RESTStatus') || has('RESTOverrides') ? undefined : 'The site is not licensed for RESTStatus or RESTOverrides';
  }
  if (has('RESTStatus')) return undefined;
  if (world.version.atLeast('8.60') && has('RESTOverrides')) return undefined;
  return world.version.atLeast('8.60')
    ? 'The site is not licensed for RESTStatus or RESTOverrides'
    : 'The site is not licensed for RESTStatus';
}

/** The items controller and day categories answer with any of the REST licences. */
export function hasAnyRestLicence(world: World): boolean {
  return world.hasLicence('RESTCardholders') || world.hasLicence('RESTStatus') || world.hasLicence('RESTOverrides');
}
