import type { FloorPlace, ItemKind } from '../../../shared/domain';
import { comparePlaces, layoutKey } from '../../../shared/board/places';
import type { ElevatorGroup } from '../api/item-schemas';

/** A link to another item; floors need only its href. */
interface Linked {
  href: string;
}

/** What floor placing needs of an item. */
export interface PlaceableItem {
  href: string;
  kind: ItemKind;
  /** Access zones: the zone's doors. */
  doors?: readonly Linked[];
  /** Doors: the zones the door leads into and out of. */
  entryAccessZone?: Linked;
  exitAccessZone?: Linked;
}

/**
 * Which floors each item is on, from the elevator groups' `floorAccess` (floor → front/rear access
 * zone) and the zones' doors. An access zone is on every floor a lift serves it from (a zone reached by
 * two buildings' lifts is on both). A door is on the floors of the zone it leads into; when that zone
 * has no floor (a door into "Outside"), on those of the zone it leads out of; when the door gives
 * neither, on the floors of the zones that list it among their doors. Everything else: no floor (the
 * board shows it under "Site").
 */
export function placeOnFloors(groups: readonly ElevatorGroup[], items: readonly PlaceableItem[]): Map<string, FloorPlace[]> {
  const zoneFloors = new Map<string, FloorPlace[]>();
  for (const group of groups) {
    for (const floor of group.floorAccess ?? []) {
      const place = floorPlace(group, floor.floorNumber, floor.floorName);
      for (const zone of [floor.frontAccessZone, floor.rearAccessZone]) {
        if (zone) addPlace(zoneFloors, zone.href, place);
      }
    }
  }

  const listedBy = new Map<string, FloorPlace[]>();
  for (const item of items) {
    if (item.kind !== 'accessZone') continue;
    for (const door of item.doors ?? []) for (const place of zoneFloors.get(item.href) ?? []) addPlace(listedBy, door.href, place);
  }

  const placed = new Map<string, FloorPlace[]>();
  for (const item of items) {
    let floors: readonly FloorPlace[] = [];
    if (item.kind === 'accessZone') floors = zoneFloors.get(item.href) ?? [];
    else if (item.kind === 'door') floors = doorFloors(item, zoneFloors) ?? listedBy.get(item.href) ?? [];
    placed.set(item.href, sortPlaces(floors));
  }
  return placed;
}

function doorFloors(door: PlaceableItem, zoneFloors: Map<string, FloorPlace[]>): FloorPlace[] | undefined {
  for (const zone of [door.entryAccessZone, door.exitAccessZone]) {
    const floors = zone && zoneFloors.get(zone.href);
    if (floors?.length) return floors;
  }
  return undefined;
}

/**
 * A floor of one building, keyed by the group's href so two buildings' "Level 1" stay apart. Only the
 * href's path is used: the layout is kept per site already, and a site reached at another address (the
 * demo site starts on a new port each time) keeps its collapsed floors.
 */
export function floorPlace(group: Pick<ElevatorGroup, 'href' | 'name'>, floorNumber: number, floorName?: string): FloorPlace {
  return {
    key: `floor:${layoutKey(group.href)}:${floorNumber}`,
    name: floorName?.trim() || `Floor ${floorNumber}`,
    floorNumber,
    building: group.name,
  };
}

function addPlace(map: Map<string, FloorPlace[]>, href: string, place: FloorPlace): void {
  const list = map.get(href);
  if (!list) map.set(href, [place]);
  else if (!list.some((p) => p.key === place.key)) list.push(place);
}

function sortPlaces(places: readonly FloorPlace[]): FloorPlace[] {
  return [...places].sort(comparePlaces);
}
