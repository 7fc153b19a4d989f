import type { AccessZoneDefinition } from '../site/schema';
import { LiveItem } from './live-item';
import { ScheduledState } from './scheduled-state';
import type { World } from './world';

export type AccessZoneMode = 'secure' | 'dualAuth' | 'codeOrCard' | 'free';

/**
 * An access zone: a scheduled mode (or a fixed one when it has no schedule), an optional mode
 * override (timed or until the next scheduled change), lockdown on top of both, and a zone count
 * checked against its minimum and maximum.
 */
export class LiveAccessZone extends LiveItem<AccessZoneDefinition> {
  /** The scheduled (or fixed) mode with any mode override; an override carries its PIN requirement. */
  private readonly modes: ScheduledState<AccessZoneMode, { pin: boolean }>;
  private lockedDown = false;
  private count: number;
  private countInGrace = false;
  private graceTimer: number | undefined;

  constructor(def: AccessZoneDefinition, world: World) {
    super('access_zones', def, world);
    this.modes = new ScheduledState<AccessZoneMode, { pin: boolean }>(def.mode ?? def.schedule ?? 'secure', def.schedule, world.clock, () => {
      this.changed();
      this.world.accessZoneModeChanged(this.id);
    });
    this.count = def.zoneCount;
  }

  get hasSchedule(): boolean {
    return this.modes.hasSchedule;
  }

  get mode(): AccessZoneMode {
    return this.modes.value;
  }

  /**
   * The schedule moves to its next entry: an untimed override ends here ("until the next scheduled
   * change"); a timed one runs to its end time; a lockdown stays until cancelled.
   */
  scheduleChange(mode: AccessZoneMode): void {
    this.modes.scheduleChange(mode);
    this.changed();
    this.world.accessZoneModeChanged(this.id);
  }

  get usePin(): boolean {
    return this.modes.overrideExtra?.pin ?? this.def.usePin;
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
    this.lockedDown = false;
    this.modes.set(mode, { pin }, endAt);
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
    this.modes.clear();
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
}
