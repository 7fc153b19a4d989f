import type { OutputDefinition } from '../site/schema';
import { LiveItem } from './live-item';
import type { World } from './world';

interface OutputOverride {
  on: boolean;
  /** A pulse: on for the output's pulse time, then over by itself. */
  pulse: boolean;
  endTimer?: number;
}

/**
 * An output (a relay). The flags speak of the relay: `closed` when on, `open` when off
 * (cc_rest.yaml, Outputs: "Output status flags"). The site's own logic drives it (`on` in the site
 * file, the control API's patch); an override sits on top until cancelled, until its end time, or,
 * for a pulse, for the output's pulse time. `overridden` is the one flag that stays beside an
 * abnormal flag: the override outlives the outage.
 */
export class LiveOutput extends LiveItem<OutputDefinition> {
  private driven: boolean;
  private override: OutputOverride | undefined;
  private relayStateUnknown = false;
  private switchingDisabled = false;

  constructor(def: OutputDefinition, world: World) {
    super('outputs', def, world);
    this.driven = def.on;
  }

  /** Whether the output is set to pulse when activated (the pulse command is offered only then). */
  get pulses(): boolean {
    return this.def.pulseSeconds !== undefined;
  }

  get isOn(): boolean {
    return this.override?.on ?? this.driven;
  }

  protected normalFlags(): string[] {
    const flags = [this.relayStateUnknown ? 'relayStateUnknown' : this.isOn ? 'closed' : 'open'];
    if (this.override?.pulse) flags.push('pulsed');
    if (this.switchingDisabled) flags.push('switchingDisabled');
    if (this.override) flags.push('overridden');
    return flags;
  }

  override abnormalFlags(): string[] | undefined {
    const abnormal = super.abnormalFlags();
    return abnormal && this.override ? [...abnormal, 'overridden'] : abnormal;
  }

  override statusWords(): Readonly<Record<string, string>> {
    return OUTPUT_WORDS;
  }

  /** An `on` or `off` override, until `endAt` when given, else until cancelled. */
  overrideTo(on: boolean, endAt?: number): void {
    this.setOverride({ on, pulse: false }, endAt);
  }

  /** On for the pulse time, then back to what the site's logic drives; only an off override or a cancel cuts it short. */
  pulse(): void {
    if (this.def.pulseSeconds === undefined) return;
    this.setOverride({ on: true, pulse: true }, this.world.clock.now() + this.def.pulseSeconds * 1000);
  }

  /** Back to what the site's logic drives. */
  cancel(): void {
    this.world.clock.cancel(this.override?.endTimer);
    this.override = undefined;
    this.changed();
  }

  /** The control API: the state the site's logic drives and the relay's own conditions. */
  setDriven(state: { on?: boolean; relayStateUnknown?: boolean; switchingDisabled?: boolean }): void {
    if (state.on !== undefined) this.driven = state.on;
    if (state.relayStateUnknown !== undefined) this.relayStateUnknown = state.relayStateUnknown;
    if (state.switchingDisabled !== undefined) this.switchingDisabled = state.switchingDisabled;
    this.changed();
  }

  private setOverride(override: OutputOverride, endAt: number | undefined): void {
    this.world.clock.cancel(this.override?.endTimer);
    if (endAt !== undefined) {
      override.endTimer = this.world.clock.schedule(endAt - this.world.clock.now(), () => {
        if (this.override !== override) return;
        this.override = undefined;
        this.changed();
      });
    }
    this.override = override;
    this.changed();
  }
}

/** The status text's words for a relay (cc_rest.yaml's sample: "This Output is Off."). */
const OUTPUT_WORDS: Readonly<Record<string, string>> = {
  closed: 'On',
  open: 'Off',
  relayStateUnknown: 'Relay state unknown',
  pulsed: 'Pulsed',
  switchingDisabled: 'Switching disabled',
};
