import type { AlarmZoneDefinition } from '../site/schema';
import { LiveItem } from './live-item';
import type { World } from './world';

export type AlarmZoneState = 'armed' | 'disarmed' | 'user1' | 'user2';

/**
 * An alarm zone: a scheduled state (or a fixed one without a schedule), an override on top that
 * lasts until its end time or the next scheduled change, entry/exit delays, and the mode of an
 * attached fence zone.
 */
export class LiveAlarmZone extends LiveItem<AlarmZoneDefinition> {
  private override: { state: AlarmZoneState; endTimer?: number } | undefined;
  private fixedState: AlarmZoneState;
  private scheduled: AlarmZoneState | undefined;
  delay: 'entryDelay' | 'exitDelay' | undefined;

  constructor(def: AlarmZoneDefinition, world: World) {
    super('alarm_zones', def, world);
    this.fixedState = def.state ?? def.schedule ?? 'disarmed';
    this.scheduled = def.schedule;
  }

  get hasSchedule(): boolean {
    return this.scheduled !== undefined;
  }

  get state(): AlarmZoneState {
    return this.override?.state ?? this.scheduled ?? this.fixedState;
  }

  /** The schedule moves on: an untimed override ends, a timed one runs to its end time. */
  scheduleChange(state: AlarmZoneState): void {
    this.scheduled = state;
    if (this.override && this.override.endTimer === undefined) this.override = undefined;
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

  /** Untimed on a zone without a schedule: the state simply changes (there is nothing to return to). */
  setState(state: AlarmZoneState, endAt?: number): void {
    this.world.clock.cancel(this.override?.endTimer);
    this.override = undefined;
    if (this.hasSchedule || endAt !== undefined) {
      const override: { state: AlarmZoneState; endTimer?: number } = { state };
      if (endAt !== undefined) {
        override.endTimer = this.world.clock.schedule(endAt - this.world.clock.now(), () => {
          if (this.override === override) this.override = undefined;
          this.changed();
        });
      }
      this.override = override;
    } else {
      this.fixedState = state;
    }
    this.changed();
  }

  /** Back to the scheduled state; no effect without a schedule. */
  cancel(): void {
    if (!this.hasSchedule) return;
    this.world.clock.cancel(this.override?.endTimer);
    this.override = undefined;
    this.changed();
  }

  setDelay(delay: 'entryDelay' | 'exitDelay' | undefined): void {
    this.delay = delay;
    this.changed();
  }
}
