import type { LiveDoor } from '../model/door';
import { LiveInput } from '../model/input';
import type { World } from '../model/world';
import type { WorldAlarms } from '../events/world-alarms';

export interface ScenarioOptions {
  /** How many passages (or incidents) start per second, across the whole site. */
  ratePerSecond: number;
  /** Share of events that are a forced door, and a door held open too long. */
  forcedShare?: number;
  heldOpenShare?: number;
  /** Share of events that are a card denied at a door (the door does not move). */
  deniedShare?: number;
  seed?: number;
  /**
   * At most this many alarm-raising incidents (a forced door, a door held open) an hour, across the
   * site, on the simulated clock: a believable night. 0: no incidents (doors still come and go).
   * Absent: the shares alone decide (load tests, benches).
   */
  alarmsPerHour?: number;
  /** After an incident a door has none again for this long (default 30 min): never the same door again and again. */
  doorRestMs?: number;
}

const DOOR_REST_MS = 30 * 60_000;

/**
 * Life on the site: doors go through the passage sequence (closed+locked, closed+unlocked,
 * open+unlocked, open+locked, closed+locked); now and then one is forced or held open too long.
 * Runs on the simulated clock, so `advanceTime` moves it along too.
 */
export class ScenarioEngine {
  private readonly busy = new Set<string>();
  private readonly random: () => number;
  private readonly whoRandom: () => number;
  private tickTimer: number | undefined;
  private running = false;
  private alarmsPerHour: number | undefined;
  /** When the last incident started (simulated ms), for the site's pace. */
  private lastIncidentAt = -Infinity;
  /** Per door, when its last incident started: it rests `doorRestMs` before another. */
  private readonly incidentAt = new Map<string, number>();

  constructor(
    private readonly world: World,
    private readonly options: ScenarioOptions,
    /** Where card access at doors is recorded as server events; absent, passages leave no events. */
    private readonly events?: WorldAlarms,
  ) {
    if (!(options.ratePerSecond > 0)) throw new Error('scenario ratePerSecond must be a positive number');
    this.random = seededRandom(options.seed ?? 1);
    // Its own sequence, so who badges never changes what the doors do for a given seed.
    this.whoRandom = seededRandom((options.seed ?? 1) + 1);
    this.alarmsPerHour = options.alarmsPerHour;
  }

  /** How many alarm-raising incidents an hour now (undefined: the shares alone). */
  get pace(): number | undefined {
    return this.alarmsPerHour;
  }

  /** Changes the pace while running: 0 quiets the site (the newcomer's "no more demo alarms"). */
  setPace(alarmsPerHour: number | undefined): void {
    if (alarmsPerHour !== undefined && !(alarmsPerHour >= 0)) throw new Error('alarmsPerHour must be 0 or more');
    this.alarmsPerHour = alarmsPerHour;
  }

  start(): void {
    this.running = true;
    this.scheduleTick();
  }

  stop(): void {
    this.running = false;
    this.world.clock.cancel(this.tickTimer);
  }

  private scheduleTick(): void {
    if (!this.running) return;
    this.tickTimer = this.world.clock.schedule(1000 / this.options.ratePerSecond, () => {
      this.tick();
      this.scheduleTick();
    });
  }

  private tick(): void {
    // One tick in five moves an input instead of a door (a motion sensor trips and resets).
    if (this.random() < 0.2 && this.tripInput()) return;
    const doors = [...this.world.collection('doors').values()] as LiveDoor[];
    const idle = doors.filter((d) => !this.busy.has(d.id) && !d.open && d.locked && d.abnormalFlags() === undefined);
    if (idle.length === 0) return;
    const door = idle[Math.floor(this.random() * idle.length)]!;
    const roll = this.random();
    const forced = this.options.forcedShare ?? 0.03;
    const held = this.options.heldOpenShare ?? 0.03;
    const denied = this.options.deniedShare ?? 0.02;
    const incident = roll < forced + held && this.incidentAllowed(door);
    if (incident) this.startedIncident(door);
    if (incident && roll < forced) this.forcedEntry(door);
    else if (incident) this.passage(door, this.openTooLongMs(door) + 5_000);
    else if (roll >= forced + held && roll < forced + held + denied) this.cardAt(door, false);
    else this.passage(door, this.unlockMs(door) + 1_000 + this.random() * 2_000);
  }

  /** An incident now keeps to the site's pace and lets a door that had one rest. */
  private incidentAllowed(door: LiveDoor): boolean {
    const now = this.world.clock.now();
    if (now - (this.incidentAt.get(door.id) ?? -Infinity) < (this.options.doorRestMs ?? DOOR_REST_MS)) return false;
    if (this.alarmsPerHour === undefined) return true;
    return this.alarmsPerHour > 0 && now - this.lastIncidentAt >= 3_600_000 / this.alarmsPerHour;
  }

  private startedIncident(door: LiveDoor): void {
    const now = this.world.clock.now();
    this.lastIncidentAt = now;
    this.incidentAt.set(door.id, now);
  }

  private tripInput(): boolean {
    const inputs = [...this.world.collection('inputs').values()].filter(
      (i): i is LiveInput => i instanceof LiveInput && !this.busy.has(`input:${i.id}`) && i.abnormalFlags() === undefined,
    );
    if (inputs.length === 0) return false;
    const input = inputs[Math.floor(this.random() * inputs.length)]!;
    this.busy.add(`input:${input.id}`);
    input.setPhysical({ open: true });
    this.later(2_000 + this.random() * 3_000, () => {
      input.setPhysical({ open: false });
      this.busy.delete(`input:${input.id}`);
    });
    return true;
  }

  /** Badge, open, (relock while open), close after `openForMs`. */
  private passage(door: LiveDoor, openForMs: number): void {
    this.busy.add(door.id);
    this.cardAt(door, true);
    door.badge();
    this.later(500 + this.random() * 1_000, () => {
      door.physicallyOpen();
      this.later(openForMs, () => {
        door.physicallyClose();
        this.busy.delete(door.id);
      });
    });
  }

  /** A card at the reader: a site cardholder's, recorded as access granted or denied. */
  private cardAt(door: LiveDoor, granted: boolean): void {
    const people = this.world.site.cardholders;
    if (!this.events || people.length === 0) return;
    const index = Math.floor(this.whoRandom() * people.length);
    this.events.cardAccess(door, people[index]!.id, granted, String(4100 + index));
  }

  /** Forced open, left open a while (someone went through), then closed: the alarm's second part, restored. */
  private forcedEntry(door: LiveDoor): void {
    this.busy.add(door.id);
    door.physicallyOpen();
    // Shut before it would also be held open too long: one incident, one alarm.
    this.later(Math.min(10_000 + this.random() * 15_000, this.openTooLongMs(door) - 2_000), () => {
      door.physicallyClose();
      this.busy.delete(door.id);
    });
  }

  private later(ms: number, run: () => void): void {
    this.world.clock.schedule(ms, () => {
      if (this.running) run();
      else this.busy.clear();
    });
  }

  private unlockMs(door: LiveDoor): number {
    return (door.def.unlockSeconds ?? this.world.site.doorUnlockSeconds) * 1000;
  }

  private openTooLongMs(door: LiveDoor): number {
    return (door.def.openTooLongSeconds ?? this.world.site.doorOpenTooLongSeconds) * 1000;
  }
}

/** A small deterministic generator so a scenario with a given seed replays the same way. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
