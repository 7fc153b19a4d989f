import type { AccessZoneDefinition } from '../site/schema';
import { LiveItem } from './live-item';
import type { World } from './world';

export type AccessZoneMode = 'secure' | 'dualAuth' | 'codeOrCard' | 'free';

interface ModeOverride {
  mode: AccessZoneMode;
  pin: boolean;
  endTimer?: number;
}

/**
 * An access zone: a scheduled mode (or a fixed one when it has no schedule), an optional mode
 * override (timed or until the next scheduled change), lockdown on top of both, and a zone count
 * checked against its minimum and maximum.
 */
export class LiveAccessZone extends LiveItem<AccessZoneDefinition> {
  private override: ModeOverride | undefined;
  /** The mode the zone's schedule currently calls for; undefined for a zone without a schedule. */
  private scheduled: AccessZoneMode | undefined;
  /** Mode of a zone without a schedule: untimed overrides set it for good. */
  private fixedMode: AccessZoneMode;
  private lockedDown = false;
  private count: number;
  private countInGrace = false;
  private graceTimer: number | undefined;

  constructor(def: AccessZoneDefinition, world: World) {
    super('access_zones', def, world);
    this.fixedMode = def.mode ?? def.schedule ?? 'secure';
    this.scheduled = def.schedule;
    this.count = def.zoneCount;
  }

  get hasSchedule(): boolean {
    return this.scheduled !== undefined;
  }

  get mode(): AccessZoneMode {
    return this.override?.mode ?? this.scheduled ?? this.fixedMode;
  }

  /**
   * The schedule moves to its next entry: an untimed override ends here ("until the next scheduled
   * change"); a timed one runs to its end time; a lockdown stays until cancelled.
   */
  scheduleChange(mode: AccessZoneMode): void {
    this.scheduled = mode;
    if (this.override && this.override.endTimer === undefined) this.override = undefined;
    this.changed();
    this.world.accessZoneModeChanged(this.id);
  }

  get usePin(): boolean {
    return this.override ? this.override.pin : this.def.usePin;
  }

  get isLockedDown(): boolean {
    return this.lockedDown;
  }

  get zoneCount(): number {
    return this.count;
  }

  /** Doors into this zone unlock only when it is free and not locked down. */
  get opensDoors(): boolean {
    return !this.lockedDown && this.mode === 'free';
  }

  doors(): { id: string; name: string }[] {
    return this.world.doorsInto(this.id).map((d) => ({ id: d.id, name: d.def.name }));
  }

  protected override get unconfigured(): boolean {
    return this.doors().length === 0 && !this.def.thirdPartyOutput && !this.def.mobileReader;
  }

  protected normalFlags(): string[] {
    if (this.doors().length === 0 && this.def.thirdPartyOutput) return ['thirdPartyOutputOnly'];
    if (this.doors().length === 0 && this.def.mobileReader) return ['mobileZone', 'secure'];
    const flags: string[] = [];
    if (this.lockedDown) flags.push('lockedDown', this.mode === 'dualAuth' ? 'dualAuth' : 'secure');
    else flags.push(this.mode);
    if (this.usePin) flags.push('usePin');
    const tooHigh = this.def.zoneCountMax !== undefined && this.count > this.def.zoneCountMax;
    const tooLow = this.def.zoneCountMin !== undefined && this.count < this.def.zoneCountMin;
    if (tooHigh) flags.push('zoneCountTooHigh');
    if (tooLow) flags.push('zoneCountTooLow');
    if ((tooHigh || tooLow) && this.countInGrace) flags.push('zoneCountInGrace');
    return flags;
  }

  override updateExtras(): Record<string, unknown> {
    return { zoneCount: this.count };
  }

  /**
   * A mode override. With an end time it lasts until then; without one, until the next scheduled
   * change (a zone without a schedule keeps the mode). Any mode override also ends a lockdown.
   */
  setMode(mode: AccessZoneMode, pin: boolean, endAt?: number): void {
    this.clearOverride();
    this.lockedDown = false;
    if (this.hasSchedule || endAt !== undefined) {
      const override: ModeOverride = { mode, pin };
      if (endAt !== undefined) {
        override.endTimer = this.world.clock.schedule(endAt - this.world.clock.now(), () => {
          if (this.override === override) this.override = undefined;
          this.changed();
        });
      }
      this.override = override;
    } else {
      this.fixedMode = mode;
    }
    this.changed();
    this.world.accessZoneModeChanged(this.id);
  }

  lockDown(): void {
    this.lockedDown = true;
    this.changed();
    this.world.accessZoneModeChanged(this.id);
  }

  cancelLockDown(): void {
    this.lockedDown = false;
    this.changed();
    this.world.accessZoneModeChanged(this.id);
  }

  /** Back to the scheduled state; lockdown stays; nothing happens without a schedule. */
  cancel(): void {
    if (!this.hasSchedule) return;
    this.clearOverride();
    this.changed();
    this.world.accessZoneModeChanged(this.id);
  }

  /** A count that has just become too high or too low is "in grace" for a while before settling. */
  setZoneCount(count: number): void {
    const was = this.outOfRange();
    this.count = count;
    const now = this.outOfRange();
    this.world.clock.cancel(this.graceTimer);
    this.countInGrace = now !== undefined && now !== was;
    if (this.countInGrace) {
      this.graceTimer = this.world.clock.schedule(this.world.zoneCountGraceMs, () => {
        this.countInGrace = false;
        this.changed();
      });
    }
    this.changed();
  }

  private outOfRange(): 'high' | 'low' | undefined {
    if (this.def.zoneCountMax !== undefined && this.count > this.def.zoneCountMax) return 'high';
    if (this.def.zoneCountMin !== undefined && this.count < this.def.zoneCountMin) return 'low';
    return undefined;
  }

  private clearOverride(): void {
    this.world.clock.cancel(this.override?.endTimer);
    this.override = undefined;
  }
}
