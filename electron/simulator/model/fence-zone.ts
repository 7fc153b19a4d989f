import type { FenceZoneDefinition } from '../site/schema';
import { LiveItem } from './live-item';
import type { World } from './world';

export type FencePower = 'on' | 'off';
export type FenceLevel = 'lowFeel' | 'highVoltage';

/** Conditions of a fence the control API can set, each shown as its flag. */
export interface FenceConditions {
  deterrentUnknown: boolean;
  hVPlusMode: boolean;
  serviceMode: boolean;
  alert: boolean;
  warning: boolean;
  preArm: boolean;
  lockedOut: boolean;
  parentAlert: boolean;
}

/**
 * A fence zone: power and level from its schedule (or site default), overrides on top (flag
 * overridden) until cancelled, shunting (notPolled), and the energiser's voltage, which is known
 * only after a pulse since the zone turned on.
 */
export class LiveFenceZone extends LiveItem<FenceZoneDefinition> {
  private override: { power?: FencePower; level?: FenceLevel } | undefined;
  private scheduled: FencePower | undefined;
  private isShunted = false;
  private pulsedSinceOn: boolean;
  private pulseTimer: number | undefined;
  voltage: number;
  readonly conditions: FenceConditions = {
    deterrentUnknown: false, hVPlusMode: false, serviceMode: false, alert: false,
    warning: false, preArm: false, lockedOut: false, parentAlert: false,
  };

  constructor(def: FenceZoneDefinition, world: World) {
    super('fence_zones', def, world);
    this.voltage = def.voltage;
    this.scheduled = def.schedule;
    this.pulsedSinceOn = this.power === 'on';
  }

  get power(): FencePower {
    return this.override?.power ?? this.scheduled ?? this.def.power;
  }

  get level(): FenceLevel {
    return this.override?.level ?? this.def.level;
  }

  protected override get shunted(): boolean {
    return this.isShunted;
  }

  get voltageKnown(): boolean {
    return this.power === 'on' && this.pulsedSinceOn && !this.conditions.deterrentUnknown;
  }

  protected normalFlags(): string[] {
    const c = this.conditions;
    const flags: string[] = [];
    if (c.deterrentUnknown) flags.push('deterrentUnknown');
    else if (this.power === 'on') flags.push('on', c.hVPlusMode ? 'hVPlusMode' : this.level);
    else flags.push('off', this.level);
    if (this.override) flags.push('overridden');
    if (c.serviceMode) flags.push('serviceMode');
    if (this.voltageKnown) flags.push('voltageKnown');
    if (c.alert) flags.push('alert');
    else if (c.warning) flags.push('warning');
    if (c.preArm) flags.push('preArm');
    if (c.lockedOut) flags.push('lockedOut');
    if (c.parentAlert) flags.push('parentAlert');
    return flags;
  }

  /** The energiser reports the last measured voltage; 0 while off (valid only with voltageKnown). */
  override updateExtras(): Record<string, unknown> {
    return { voltage: this.power === 'on' ? this.voltage : 0 };
  }

  setPower(power: FencePower): void {
    const wasOn = this.power === 'on';
    this.override = { ...this.override, power };
    if (power === 'on' && !wasOn) this.awaitPulse();
    this.afterChange();
  }

  setLevel(level: FenceLevel): void {
    this.override = { ...this.override, level };
    this.conditions.hVPlusMode = false;
    this.afterChange();
  }

  cancel(): void {
    const wasOn = this.power === 'on';
    this.override = undefined;
    if (this.power === 'on' && !wasOn) this.awaitPulse();
    this.afterChange();
  }

  /** On/off and level overrides last until the next scheduled (or manual) change. */
  scheduleChange(power: FencePower): void {
    const wasOn = this.power === 'on';
    this.scheduled = power;
    this.override = undefined;
    if (this.power === 'on' && !wasOn) this.awaitPulse();
    this.afterChange();
  }

  setShunted(shunted: boolean): void {
    this.isShunted = shunted;
    this.afterChange();
  }

  setConditions(conditions: Partial<FenceConditions>, voltage?: number): void {
    Object.assign(this.conditions, conditions);
    if (conditions.alert) this.conditions.warning = false;
    if (conditions.warning) this.conditions.alert = false;
    if (voltage !== undefined) this.voltage = voltage;
    this.afterChange();
  }

  /** The voltage becomes valid after the first energiser pulse once the zone is on. */
  private awaitPulse(): void {
    this.pulsedSinceOn = false;
    this.world.clock.cancel(this.pulseTimer);
    this.pulseTimer = this.world.clock.schedule(1_000, () => {
      this.pulsedSinceOn = true;
      this.afterChange();
    });
  }

  /** Alarm zones this fence directs its events to show its level. */
  private afterChange(): void {
    this.changed();
    this.world.fenceZoneChanged(this.id);
  }
}
