import type { referenceCalls } from '../../../shared/contract/reference';
import type { DayCategoryView, ElevatorGroupView } from '../../../shared/contract/reference';
import { DeskError } from '../../../shared/errors';
import type { Discovery } from '../api/discovery';
import { collect, searchItems } from '../api/items';
import { ITEM_TYPES } from '../api/item-types';
import type { ElevatorGroup } from '../api/item-schemas';
import type { Transport } from '../api/transport';
import type { SiteSession } from '../site-session';
import type { HandlerTable } from './handler-table';

const ELEVATOR_FIELDS = ['description', 'notes', 'elevatorGroupNumber', 'floorAccess', 'rearAccessEnabled', 'groundFloorNumber'];

/** Day categories and elevator groups, read on request through the open site's connection. */
export function referenceHandlers(session: () => SiteSession): HandlerTable<keyof typeof referenceCalls> {
  return {
    'site.dayCategories': () => session().read(dayCategories),
    'site.elevatorGroups': () => session().read(elevatorGroups),
  };
}

export async function dayCategories(transport: Transport, discovery: Discovery): Promise<DayCategoryView[]> {
  requireLink(discovery, 'dayCategory', 'Day categories need server 8.50 and one of the REST licences');
  const found = await collect(searchItems(transport, discovery, 'dayCategory', { fields: ['description', 'notes'] }));
  return found.map(({ href, name, description, notes }) => ({ href, name, description, notes }));
}

export async function elevatorGroups(transport: Transport, discovery: Discovery): Promise<ElevatorGroupView[]> {
  requireLink(discovery, 'elevatorGroup', 'This server offers no elevator groups to this desk');
  const found = await collect(searchItems(transport, discovery, 'elevatorGroup', { fields: ELEVATOR_FIELDS }));
  return found.map(toView);
}

function toView(group: ElevatorGroup): ElevatorGroupView {
  const { href, name, description, notes, elevatorGroupNumber, rearAccessEnabled, groundFloorNumber } = group;
  const floors = (group.floorAccess ?? [])
    .map((f) => ({
      floorNumber: f.floorNumber,
      floorName: f.floorName,
      frontService: f.frontService,
      rearService: f.rearService,
      frontAccessZone: f.frontAccessZone && { href: f.frontAccessZone.href, name: f.frontAccessZone.name },
      rearAccessZone: f.rearAccessZone && { href: f.rearAccessZone.href, name: f.rearAccessZone.name },
    }))
    .sort((a, b) => a.floorNumber - b.floorNumber);
  return { href, name, description, notes, elevatorGroupNumber, rearAccessEnabled, groundFloorNumber, floors };
}

function requireLink(discovery: Discovery, key: 'dayCategory' | 'elevatorGroup', reason: string): void {
  if (!discovery.links.has(ITEM_TYPES[key].feature)) throw new DeskError('licence', reason);
}
