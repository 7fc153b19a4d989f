import type { FloorPlace } from '../domain';
import { nameOrder } from './name-order';

/** The group of items the site gives no floor. */
export const SITE_PLACE: FloorPlace = { key: 'site', name: 'Site' };

/** Floors in floor-number order, then by building; places without a floor number (the site) last. */
export function comparePlaces(a: FloorPlace, b: FloorPlace): number {
  const aFloor = a.floorNumber !== undefined;
  const bFloor = b.floorNumber !== undefined;
  if (!aFloor || !bFloor) return Number(bFloor) - Number(aFloor) || nameOrder.compare(a.name, b.name) || a.key.localeCompare(b.key);
  return a.floorNumber! - b.floorNumber! || nameOrder.compare(a.building ?? '', b.building ?? '') || a.key.localeCompare(b.key);
}

/** What a floor group is called on the board: the floor, and its building when it has one. */
export function placeLabel(place: FloorPlace): string {
  return place.building ? `${place.name} · ${place.building}` : place.name;
}

/**
 * An item's href as the layout keeps it: its path and query only. The layout is kept per site, and the
 * same site reached at another address (the demo site starts on a new port each time) keeps its pins.
 */
export function layoutKey(href: string): string {
  try {
    const url = new URL(href);
    return `${url.pathname}${url.search}`;
  } catch {
    return href;
  }
}
