import type { AlarmZoneDefinition } from '../site/schema';
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
    const fence = this.def.fenceZone ? this.world.fenceZone(this.def.fenceZone) : undefined;
    if (fence) flags.push(fence.level);
    return flags;
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
