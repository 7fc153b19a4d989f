import { seededRandom } from '../scenario/engine';
import { generateMixedSite } from './generate-mixed';
import { generatedSiteSkeleton } from './generated-skeleton';
import type { SiteDefinition } from './schema';

export interface GeneratedSiteOptions {
  /** A site of this many doors (with their zones, inputs, outputs, alarm zones and lifts). */
  doors?: number;
  /**
   * A site of about this many items of every live kind (doors, access, alarm and fence zones,
   * inputs, interlock groups, outputs, macros, elevator groups, day categories). Takes precedence over `doors`.
   */
  items?: number;
  /** Branching of the division tree (root → campuses → buildings). Default 4. */
  fanout?: number;
  /** Doors per access zone (each zone is one floor of a building). Default 8. */
  doorsPerZone?: number;
  seed?: number;
}

/**
 * A site of any size for scale tests, demos and the bench: `items` gives a mix of every live kind
 * (see generate-mixed.ts); `doors` gives a division tree of campuses and buildings, each building
 * with floors (an access zone per floor with a strobe output, an elevator group over them), doors,
 * inputs and an alarm zone.
 */
export function generateSite(options: GeneratedSiteOptions): SiteDefinition {
  if (options.items !== undefined) return generateMixedSite({ ...options, items: options.items });
  if (options.doors === undefined) throw new Error('generateSite needs doors or items');
  const doorCount = Math.max(1, Math.floor(options.doors));
  const fanout = Math.max(1, options.fanout ?? 4);
  const perZone = Math.max(1, options.doorsPerZone ?? 8);
  const random = seededRandom(options.seed ?? 1);
  const zoneCount = Math.ceil(doorCount / perZone);
  const floorsPerBuilding = 6;
  const buildingCount = Math.ceil(zoneCount / floorsPerBuilding);
  const campusCount = Math.ceil(buildingCount / fanout);

  const site = generatedSiteSkeleton(`Generated site (${doorCount} doors)`);
  site.macros.push({ id: 'm-lockdown', name: 'Enterprise Lockdown', division: 'root' });
  site.dayCategories.push({ id: 'dc-weekday', name: 'Weekday' }, { id: 'dc-weekend', name: 'Weekend' });
  for (let c = 0; c < campusCount; c++) site.divisions.push({ id: `c${c}`, name: `Campus ${c + 1}`, parent: 'root' });

  let door = 0;
  for (let b = 0; b < buildingCount && door < doorCount; b++) {
    const division = `b${b}`;
    site.divisions.push({ id: division, name: `Building ${b + 1}`, parent: `c${Math.floor(b / fanout)}` });
    const controller = `ctl-${b}`;
    site.controllers.push({ id: controller, name: `Controller ${b + 1}`, division });
    site.alarmZones.push({ id: `alz-${b}`, name: `Building ${b + 1} Intruder`, division, controller, schedule: 'disarmed' });
    const floors: Record<string, unknown>[] = [];
    for (let f = 0; f < floorsPerBuilding && door < doorCount; f++) {
      const zone = `az-${b}-${f}`;
      site.accessZones.push({ id: zone, name: `Building ${b + 1} Level ${f + 1}`, division, controller, schedule: random() < 0.2 ? 'free' : 'secure' });
      floors.push({ floorNumber: f + 1, floorName: `Level ${f + 1}`, frontAccessZone: zone });
      site.outputs.push({ id: `out-${b}-${f}`, name: `Building ${b + 1} L${f + 1} Strobe`, division, controller });
      for (let d = 0; d < perZone && door < doorCount; d++, door++) {
        site.doors.push({
          id: `d-${door}`,
          name: `Building ${b + 1} L${f + 1} Door ${d + 1}`,
          division,
          controller,
          entryAccessZone: zone,
          ...(random() < 0.1 ? { halfCycle: true } : {}),
        });
        if (door % 2 === 0) site.inputs.push({ id: `in-${door}`, name: `Building ${b + 1} L${f + 1} Sensor ${d + 1}`, division, controller });
      }
    }
    site.elevatorGroups.push({ id: `eg-${b}`, name: `Building ${b + 1} Lifts`, division, elevatorSystem: 'lifts', elevatorGroupNumber: b + 1, groundFloorNumber: 1, floors });
  }
  return site as SiteDefinition;
}
