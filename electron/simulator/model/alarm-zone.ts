import type { AlarmZoneDefinition } from '../site/schema';
import type { FenceLevel, LiveFenceZone } from './fence-zone';
import { LiveItem } from './live-item';
import { ScheduledState } from './scheduled-state';
import type { World } from './world';

export type AlarmZoneState = 'armed' | 'disarmed' | 'user1' | 'user2';

/**
 * An alarm zone: a scheduled state (or a fixed one without a schedule), an override on top that
 * lasts until its end time or the next scheduled change, entry/exit delays, and the mode of an
 * attached fence zone.
 */
export class LiveAlarmZone extends LiveItem<AlarmZoneDefinition> {
  private readonly states: ScheduledState<AlarmZoneState>;
  delay: 'entryDelay' | 'exitDelay' | undefined;

  constructor(def: AlarmZoneDefinition, world: World) {
    super('alarm_zones', def, world);
    this.states = new ScheduledState(def.state ?? def.schedule ?? 'disarmed', def.schedule, world.clock, () => this.changed());
  }

  get hasSchedule(): boolean {
    return this.states.hasSchedule;
  }

  get state(): AlarmZoneState {
    return this.states.value;
  }

  scheduleChange(state: AlarmZoneState): void {
    this.states.scheduleChange(state);
    this.changed();
  }

  protected normalFlags(): string[] {
    const flags: string[] = [this.state];
    if (this.delay) flags.push(this.delay);
    // Online with an attached fence zone: exactly one of lowFeel, highVoltage (the fence's mode).
    const fence = this.fence;
    if (fence) flags.push(fence.level);
    return flags;
  }

  /** The fence zone that directs its events to this zone, if any. */
  get fence(): LiveFenceZone | undefined {
    return this.def.fenceZone ? this.world.fenceZone(this.def.fenceZone) : undefined;
  }

  /**
   * 'Armed - High Voltage' / 'Armed - Low Feel': the zone armed, its fence driven to that level. The
   * fence keeps the level as its own override until its next scheduled change or a cancel.
   */
  armWithFence(level: FenceLevel, endAt?: number): void {
    this.fence?.setLevel(level);
    this.setState('armed', endAt);
  }

  setState(state: AlarmZoneState, endAt?: number): void {
    this.states.set(state, undefined, endAt);
    this.changed();
  }

  /** Back to the scheduled state; no effect without a schedule. */
  cancel(): void {
    if (!this.hasSchedule) return;
    this.states.clear();
    this.changed();
  }

  setDelay(delay: 'entryDelay' | 'exitDelay' | undefined): void {
    this.delay = delay;
    this.changed();
  }
}
