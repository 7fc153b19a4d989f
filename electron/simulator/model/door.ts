import type { DoorDefinition } from '../site/schema';
import { LiveItem } from './live-item';
import type { World } from './world';

export interface DoorPhysical {
  open?: boolean;
  locked?: boolean;
  forced?: boolean;
  openTooLong?: boolean;
  tamper?: boolean;
}

/**
 * A door: sensors (open, lock), alarms (forced, open too long, tamper) and the unlock from an open
 * override or a badge. A door is `free` while its entry access zone is in free mode and not locked
 * down; it is then unlocked too.
 */
export class LiveDoor extends LiveItem<DoorDefinition> {
  private isOpen = false;
  /** Unlocked by an override, a badge or the control API (as opposed to unlocked by a free zone). */
  private released = false;
  private openedSinceRelease = false;
  private forced = false;
  private openTooLong = false;
  private tamper = false;
  private relockTimer: number | undefined;
  private openTooLongTimer: number | undefined;

  constructor(def: DoorDefinition, world: World) {
    super('doors', def, world);
  }

  get halfCycle(): boolean {
    return this.def.halfCycle;
  }

  get free(): boolean {
    const zone = this.def.entryAccessZone ? this.world.accessZone(this.def.entryAccessZone) : undefined;
    return zone?.opensDoors ?? false;
  }

  get locked(): boolean {
    return !(this.released || this.free);
  }

  get open(): boolean {
    return this.def.hasOpenSensor && this.isOpen;
  }

  protected normalFlags(): string[] {
    const flags = [this.open ? 'open' : 'closed', this.locked ? 'locked' : 'unlocked', this.free ? 'free' : 'secure'];
    if (this.forced) flags.push('forced');
    if (this.openTooLong) flags.push('openTooLong');
    if (this.tamper) flags.push('tamper');
    return flags;
  }

  override changed(): void {
    super.changed();
    this.world.doorChanged(this.id);
  }

  /** The open override: unlock, then relock after the unlock time (half-cycle: after a passage). */
  unlockByOverride(): void {
    this.release();
  }

  /** The 9.40 lock override: relocks a half-cycle door that an override or badge left unlocked. */
  lockByOverride(): void {
    this.world.clock.cancel(this.relockTimer);
    this.released = false;
    this.changed();
  }

  /** A valid badge at the reader: same unlock as an open override. */
  badge(): void {
    this.release();
  }

  /** Someone opens the door; opening it while locked is forcing it. */
  physicallyOpen(): void {
    if (this.isOpen) return;
    if (this.locked) this.forced = true;
    this.isOpen = true;
    if (this.released) this.openedSinceRelease = true;
    this.world.clock.cancel(this.openTooLongTimer);
    this.openTooLongTimer = this.world.clock.schedule(this.openTooLongMs(), () => {
      this.openTooLong = true;
      this.changed();
    });
    this.changed();
  }

  /** The door shuts: alarms tied to it being open clear; a half-cycle door relocks after a passage. */
  physicallyClose(): void {
    if (!this.isOpen) return;
    this.isOpen = false;
    this.forced = false;
    this.openTooLong = false;
    this.world.clock.cancel(this.openTooLongTimer);
    if (this.halfCycle && this.released && this.openedSinceRelease) this.released = false;
    this.changed();
  }

  /**
   * The control API sets physical facts as given, without deriving alarms (no automatic forced or
   * open too long), so tests and demos get precisely the state they asked for. The lock still
   * behaves: a half-cycle door relocks when it closes after a passage.
   */
  setPhysical(state: DoorPhysical): void {
    if (state.open !== undefined && state.open !== this.isOpen) {
      this.isOpen = state.open;
      if (this.isOpen && this.released) this.openedSinceRelease = true;
      if (!this.isOpen && this.halfCycle && this.released && this.openedSinceRelease) this.released = false;
    }
    if (state.locked !== undefined) {
      this.world.clock.cancel(this.relockTimer);
      this.released = !state.locked;
      this.openedSinceRelease = false;
    }
    if (state.forced !== undefined) this.forced = state.forced;
    if (state.openTooLong !== undefined) this.openTooLong = state.openTooLong;
    if (state.tamper !== undefined) this.tamper = state.tamper;
    this.changed();
  }

  private release(): void {
    this.released = true;
    this.openedSinceRelease = false;
    this.world.clock.cancel(this.relockTimer);
    this.relockTimer = undefined;
    if (!this.halfCycle) {
      this.relockTimer = this.world.clock.schedule(this.unlockMs(), () => {
        this.released = false;
        this.changed();
      });
    }
    this.changed();
  }

  private unlockMs(): number {
    return (this.def.unlockSeconds ?? this.world.site.doorUnlockSeconds) * 1000;
  }

  private openTooLongMs(): number {
    return (this.def.openTooLongSeconds ?? this.world.site.doorOpenTooLongSeconds) * 1000;
  }
}
