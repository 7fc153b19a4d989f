import { seededRandom } from '../scenario/engine';
import { generatedSiteSkeleton } from './generated-skeleton';
import type { SiteDefinition } from './schema';

export interface MixedSiteOptions {
  /** About how many items of every live kind the site holds (at least 40). */
  items: number;
  /** Branching of the division tree (root → campuses → buildings). Default 4. */
  fanout?: number;
  /** Doors per access zone (each zone is one floor of a building). Default 8. */
  doorsPerZone?: number;
  seed?: number;
}

const FLOORS_PER_BUILDING = 6;

/**
 * A site of about `items` items of every live kind, in the proportions of a real campus: buildings
 * (at least two) of floors, each floor an access zone with its doors, a sensor input for every
 * second door and an output (the lobby's gate relay, a strobe elsewhere); per building an intruder alarm zone, an interlock group over two doors and an
 * elevator group whose floors give the floor access the board groups by; a perimeter in two
 * grounds divisions with fence zones and the alarm zones they report to; macros; day categories.
 * Ids carry a type prefix, so they are unique across types as the multi-item subscription needs.
 */
export function generateMixedSite(options: MixedSiteOptions): SiteDefinition {
  const target = Math.max(40, Math.floor(options.items));
  const fanout = Math.max(1, options.fanout ?? 4);
  const perZone = Math.max(2, options.doorsPerZone ?? 8);
  const random = seededRandom(options.seed ?? 1);
  const site = generatedSiteSkeleton(`Generated site (${target} items)`);
  let total = 0;
  const count = (n = 1) => (total += n);

  site.dayCategories.push({ id: 'dc-weekday', name: 'Weekday' }, { id: 'dc-weekend', name: 'Weekend' }, { id: 'dc-holiday', name: 'Public holiday' });
  count(3);

  const macroCount = Math.max(2, Math.round(target * 0.005));
  const macroNames = ['Lockdown', 'Lights off', 'Fire evacuation', 'Open for business', 'Visitor hours'];
  for (let m = 0; m < macroCount; m++) {
    site.macros.push({ id: `m-${m}`, name: `${macroNames[m % macroNames.length]} ${Math.floor(m / macroNames.length) + 1}`, division: 'root' });
  }
  count(macroCount);

  // The perimeter: two grounds divisions, each with fence zones and an alarm zone they report to.
  const fencesPerSide = Math.max(1, Math.round(target * 0.005));
  for (const [side, label] of [['gn', 'North'], ['gs', 'South']] as const) {
    site.divisions.push({ id: side, name: `${label} Grounds`, parent: 'root' });
    const controller = `ctl-${side}`;
    site.controllers.push({ id: controller, name: `${label} perimeter controller`, division: side });
    for (let f = 0; f < fencesPerSide; f++) {
      site.fenceZones.push({ id: `fz-${side}-${f}`, name: `${label} Fence ${f + 1}`, division: side, controller, voltage: 7500 + Math.floor(random() * 1000) });
    }
    site.alarmZones.push({ id: `alz-${side}`, name: `${label} Perimeter`, division: side, controller, schedule: 'armed', fenceZone: `fz-${side}-0` });
    count(fencesPerSide + 1);
  }

  const perFloor = 2 + perZone + Math.ceil(perZone / 2);
  const perBuilding = FLOORS_PER_BUILDING * perFloor + 3;
  const buildings = Math.max(2, Math.ceil((target - total) / perBuilding));
  const campuses = Math.ceil(buildings / fanout);
  for (let c = 0; c < campuses; c++) site.divisions.push({ id: `c${c}`, name: `Campus ${c + 1}`, parent: 'root' });

  for (let b = 0; b < buildings; b++) {
    // Share what is left evenly among the buildings still to come.
    const budget = Math.floor((target - total) / (buildings - b));
    total += addBuilding(site, b, `c${Math.floor(b / fanout)}`, budget, perZone, random);
  }
  return site as SiteDefinition;
}

/** One building of floors within `budget` items; returns how many items it added. */
function addBuilding(
  site: ReturnType<typeof generatedSiteSkeleton>,
  b: number,
  parent: string,
  budget: number,
  perZone: number,
  random: () => number,
): number {
  const division = `b${b}`;
  const building = `Building ${b + 1}`;
  site.divisions.push({ id: division, name: building, parent });
  const controller = `ctl-${b}`;
  site.controllers.push({ id: controller, name: `${building} controller`, division });
  site.alarmZones.push({ id: `alz-${b}`, name: `${building} Intruder`, division, controller, schedule: random() < 0.5 ? 'armed' : 'disarmed' });
  let used = 3; // the alarm zone, the interlock group and the elevator group
  const floors: Record<string, unknown>[] = [];
  const doors: string[] = [];
  for (let f = 0; f < FLOORS_PER_BUILDING && budget - used >= 2; f++) {
    const zone = `az-${b}-${f}`;
    const lobby = f === 0;
    site.accessZones.push({
      id: zone,
      name: `${building} Level ${f + 1}`,
      division,
      controller,
      schedule: random() < 0.2 ? 'free' : 'secure',
      ...(lobby ? { zoneCount: Math.floor(random() * 40), zoneCountMax: 200 } : {}),
    });
    used++;
    floors.push({ floorNumber: f + 1, floorName: `Level ${f + 1}`, frontAccessZone: zone });
    // An output per floor: the lobby's gate relay pulses, the other floors have a warning strobe.
    if (budget - used >= 2) {
      const output = lobby ? { name: `${building} Lobby gate relay`, pulseSeconds: 3 } : { name: `${building} L${f + 1} Strobe` };
      site.outputs.push({ id: `out-${b}-${f}`, division, controller, ...output });
      used++;
    }
    for (let d = 0; d < perZone && budget - used >= 1; d++) {
      const id = `d-${b}-${f}-${d}`;
      doors.push(id);
      site.doors.push({
        id,
        name: `${building} L${f + 1} Door ${d + 1}`,
        division,
        controller,
        entryAccessZone: zone,
        ...(random() < 0.1 ? { halfCycle: true } : {}),
      });
      used++;
      if (d % 2 === 0 && budget - used >= 1) {
        site.inputs.push({ id: `in-${b}-${f}-${d}`, name: `${building} L${f + 1} Sensor ${d / 2 + 1}`, division, controller, ...(random() < 0.2 ? { states: 2 } : {}) });
        used++;
      }
    }
  }
  site.interlockGroups.push({ id: `il-${b}`, name: `${building} Airlock`, division, controller, doors: doors.slice(0, 2) });
  site.elevatorGroups.push({ id: `eg-${b}`, name: `${building} Lifts`, division, elevatorSystem: 'lifts', elevatorGroupNumber: b + 1, groundFloorNumber: 1, floors });
  return used;
}
