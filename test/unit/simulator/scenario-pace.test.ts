import { afterEach, describe, expect, it } from 'vitest';
import type { LiveDoor } from '../../../electron/simulator/model/door';
import type { World } from '../../../electron/simulator/model/world';
import { ScenarioEngine, type ScenarioOptions } from '../../../electron/simulator/scenario/engine';
import { NIGHT_ALARMS_PER_HOUR } from '../../../shared/contract/demo';
import { demoWorld } from './world';

const HOUR = 3_600_000;
let world: World | undefined;
afterEach(() => world?.clock.stop());

/** Runs the demo site's scenario for `hours` of simulated time and notes each alarm-raising incident as it starts. */
function run(options: ScenarioOptions, hours: number, midway?: (engine: ScenarioEngine) => void) {
  world = demoWorld();
  const doors = [...world.collection('doors').values()] as LiveDoor[];
  const engine = new ScenarioEngine(world, options);
  const incidents: Array<{ door: string; flag: string; at: number; closedSinceLast: boolean }> = [];
  const standing = new Map<string, Set<string>>();
  const closedSince = new Map<string, boolean>();
  engine.start();
  const start = world.clock.now();
  for (let ms = 0; ms < hours * HOUR; ms += 1_000) {
    if (midway && ms === (hours * HOUR) / 2) midway(engine);
    world.clock.advance(1_000);
    for (const door of doors) {
      const flags = new Set(door.conditionFlags().filter((f) => f === 'forced' || f === 'openTooLong'));
      const before = standing.get(door.id) ?? new Set();
      for (const flag of flags) {
        if (!before.has(flag)) incidents.push({ door: door.id, flag, at: world.clock.now() - start, closedSinceLast: closedSince.get(door.id) ?? true });
      }
      if (flags.size > 0) closedSince.set(door.id, false);
      else if (!door.open) closedSince.set(door.id, true);
      standing.set(door.id, flags);
    }
  }
  engine.stop();
  return incidents;
}

describe('the demo site at night', () => {
  it('raises alarms at a believable rate, never the same door again and again', () => {
    const incidents = run({ ratePerSecond: 1, alarmsPerHour: NIGHT_ALARMS_PER_HOUR }, 3);
    // At most the night's pace (one incident can raise one alarm), and some: the demo shows what alarms look like.
    expect(incidents.length).toBeGreaterThanOrEqual(3);
    expect(incidents.length).toBeLessThanOrEqual(NIGHT_ALARMS_PER_HOUR * 3);
    // A forced door is not forced again until it has closed, nor within half an hour.
    expect(incidents.filter((i) => !i.closedSinceLast)).toEqual([]);
    const byDoor = new Map<string, typeof incidents>();
    for (const i of incidents) byDoor.set(i.door, [...(byDoor.get(i.door) ?? []), i]);
    for (const [door, list] of byDoor) {
      for (let k = 1; k < list.length; k++) expect([door, list[k]!.at - list[k - 1]!.at >= 30 * 60_000]).toEqual([door, true]);
    }
  });

  it('goes quiet at once when the pace is set to none, and doors still come and go', () => {
    const incidents = run({ ratePerSecond: 1, alarmsPerHour: NIGHT_ALARMS_PER_HOUR }, 2, (engine) => engine.setPace(0));
    // Nothing starts after the halfway mark (an incident already under way may still raise its alarm then).
    expect(incidents.filter((i) => i.at > HOUR + 120_000)).toEqual([]);
  });

  it('without a pace, keeps the shares alone (load tests): many more incidents an hour', () => {
    expect(run({ ratePerSecond: 1 }, 1).length).toBeGreaterThan(NIGHT_ALARMS_PER_HOUR * 3);
  });
});
